// A PGlite data folder holding the demo data, for a server started on it (the e2e server target):
// written from the cached seeded template (server/db/template.ts), ~2 s instead of a seed's ~30 s.
// The demo world at the size the unit and contract tests use (1,500 members), so all of them share
// one cached template. Runs under tsx (the seed's generators come from mocks/):
//   npx tsx tests/e2e/seedDataDir.ts <folder>
import { openDatabase } from "../../server/db/connection.ts";
import { seededTemplate } from "../../server/db/template.ts";

const folder = process.argv[2];
if (!folder) throw new Error("usage: tsx tests/e2e/seedDataDir.ts <folder>");
const database = await openDatabase({ dataDir: folder, template: await seededTemplate({ size: 1500 }) });
await database.close();
