// npm run bench:feeds: the practices' data coming in, one case at a time (bench/README.md).
//   npm run bench:feeds -- connector [appointments] [changed]
// connector: an incremental Open Dental connector run (bench/connector.ts); exit 1 unless it read
// exactly the changed rows.
import { benchConnector, connectorTable } from "./connector.ts";

const [name = "connector", ...args] = process.argv.slice(2);

const CASES: Record<string, (args: string[]) => Promise<boolean>> = {
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
