// npm run bench:feeds: the practices' data coming in, one case at a time (bench/README.md).
//   npm run bench:feeds -- file [rows] [postgres|pglite]
//   npm run bench:feeds -- connector [appointments] [changed]
// file: one appointments file imported as the command imports it (bench/feedFile.ts); exit 1
// unless the run succeeded and every appointment is kept.
// connector: an incremental Open Dental connector run (bench/connector.ts); exit 1 unless it read
// exactly the changed rows.
import { benchConnector, connectorTable } from "./connector.ts";
import { benchFeedFile, feedFileTable } from "./feedFile.ts";
import type { Engine } from "./load.ts";

const [name = "connector", ...args] = process.argv.slice(2);

const CASES: Record<string, (args: string[]) => Promise<boolean>> = {
  async file([rows = "1000000", engine = "postgres"]) {
    const figures = await benchFeedFile(engine as Engine, Number(rows));
    console.log(feedFileTable(figures));
    if (figures.status === "success" && figures.appointments === figures.rows) return true;
    console.error(`bench:feeds file: the run ended ${figures.status} with ${figures.appointments} of ${figures.rows} appointments kept`);
    return false;
  },
  async connector([appointments = "1000000", changed = "5000"]) {
    const figures = await benchConnector(Number(appointments), Number(changed));
    console.log(connectorTable(figures));
    if (figures.rowsRead === figures.changed) return true;
    console.error(`bench:feeds connector: read ${figures.rowsRead} rows, not the ${figures.changed} changed`);
    return false;
  },
};

const run = CASES[name];
if (!run) {
  console.error(`bench:feeds: no case ${name}; the cases are ${Object.keys(CASES).join(", ")}`);
  process.exit(2);
}
if (!(await run(args))) process.exit(1);
