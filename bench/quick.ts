// npm run bench:quick: every benchmark at a small size on PGlite, once or for a second each, so that
// CI proves the scripts still run (figures at this size say nothing; bench/README.md has the real
// ones). Fails on an error, a lost save, a member served twice or a lost export row, never on a
// figure: one request per case proves a case runs, and every concurrent shape still runs (agents
// side by side) for long enough to overlap. The UI part needs a build and Chromium.
import { benchBoard, boardTable } from "./board.ts";
import { benchExport, exportTable } from "./export.ts";
import { benchFeedFile, feedFileTable } from "./feedFile.ts";
import { benchImport, importTable } from "./imports.ts";
import { benchMembers, membersTable } from "./members.ts";
import { benchSaves, savesTable } from "./saves.ts";
import { benchQueue, queueTable } from "./queue.ts";
import { benchReports, reportsTable } from "./reports.ts";
import { benchUi, uiTable } from "./ui.ts";

const SIZE = 1000;

console.log(membersTable(await benchMembers("pglite", SIZE, 1)) + "\n");
const saves = await benchSaves("pglite", SIZE, 1, 4);
console.log(savesTable(saves) + "\n");
if (!saves.history.exact || saves.errors > 0) {
  console.error("bench:quick: saves were lost or failed");
  process.exit(1);
}
const queue = await benchQueue("pglite", SIZE, 1, ["twenty", "nobody"]);
console.log(queueTable(queue) + "\n");
if (queue.runs.some((run) => run.duplicates > 0 || run.errors > 0)) {
  console.error("bench:quick: Next served a member twice or failed");
  process.exit(1);
}
const exports = await benchExport("pglite", SIZE);
console.log(exportTable(exports) + "\n");
if (exports.some((result) => result.rows !== result.members || result.rowCountHeader !== result.members)) {
  console.error("bench:quick: an export lost rows");
  process.exit(1);
}
console.log(reportsTable(await benchReports("pglite", SIZE, 1)) + "\n");
console.log(uiTable(await benchUi(SIZE, 1)) + "\n");
const board = await benchBoard("pglite", SIZE, 500, 10, 2, 1);
console.log(boardTable(board));
if (board.errors > 0 || board.shown < board.agents) {
  console.error("bench:quick: the live board failed or left agents out");
  process.exit(1);
}
const imported = await benchImport("pglite", SIZE, 2000, 4, 500, 1);
console.log(importTable(imported));
if (imported.imported !== imported.rows || imported.during.errors > 0 || imported.status !== "success") {
  console.error("bench:quick: the member file import lost rows or failed, or the agents beside it failed");
  process.exit(1);
}
const feedFile = await benchFeedFile("pglite", 2000);
console.log(feedFileTable(feedFile));
if (feedFile.status !== "success" || feedFile.appointments !== feedFile.rows) {
  console.error("bench:quick: the appointments feed's file lost rows or failed");
  process.exit(1);
}
