// Writes the tables' TypeScript types (server/db/tables.generated.ts) from the schema the migrations
// make: a database in memory (PGlite) is migrated and read back by kysely-codegen, so the types can
// never drift from the migrations (npm run check:generated fails when the file is stale). Needs no
// server and no network.
// Usage: npm run gen:db [-- --out <file>]
import { parseArgs } from "node:util";
import { generate, PostgresDialect } from "kysely-codegen";
import { openDatabase } from "./connection.ts";
import { migrateToLatest } from "./migrate.ts";
import { COLUMN_TYPES, TYPE_MAPPING } from "./columnTypes.ts";

const { values } = parseArgs({ options: { out: { type: "string", default: "server/db/tables.generated.ts" } } });

const database = await openDatabase({ dataDir: "memory://" });
try {
  await migrateToLatest(database.db);
  await generate({
    db: database.db,
    dialect: new PostgresDialect(),
    outFile: values.out!,
    excludePattern: "kysely_*",
    overrides: { columns: COLUMN_TYPES },
    typeMapping: TYPE_MAPPING,
  });
} finally {
  await database.close();
}
