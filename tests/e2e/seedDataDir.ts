// A PGlite data folder holding the demo data, for a server started on it (the e2e server target).
// The data lies around today, as the in-browser fake backend's does: the report screens compute
// their periods from the browser's clock, so today and this week must have data on the server too.
// The demo world at the size the contract tests use (1,500 members):
//   node tests/e2e/seedDataDir.ts <folder>
import { sql } from "kysely";
import { openDatabase } from "../../server/db/connection.ts";
import { migrateToLatest } from "../../server/db/migrate.ts";
import { seedDemoData } from "../../server/db/seed.ts";

const folder = process.argv[2];
if (!folder) throw new Error("usage: node tests/e2e/seedDataDir.ts <folder>");
const database = await openDatabase({ dataDir: folder });
try {
  await migrateToLatest(database.db);
  await seedDemoData(database.db, { size: 1500, today: new Date() });
  await sql`VACUUM ANALYZE`.execute(database.db);
} finally {
  await database.close();
}
