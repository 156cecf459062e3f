// A fresh, migrated database for one test file: PGlite in memory, or a new schema of
// DATABASE_URL_TEST (PostgreSQL 15) that is dropped again on close, so the same tests run on both.
import { sql } from "kysely";
import { openDatabase, type DatabaseHandle } from "../../server/db/connection.ts";
import { migrateToLatest } from "../../server/db/migrate.ts";

export async function freshTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL_TEST;
  if (!url) {
    const database = await openDatabase({ dataDir: "memory://" });
    await migrateToLatest(database.db);
    return database;
  }
  const schema = `test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = await openDatabase({ url });
  await sql`create schema ${sql.id(schema)}`.execute(admin.db);
  await admin.close();
  const database = await openDatabase({ url, schema });
  await migrateToLatest(database.db);
  return {
    ...database,
    close: async () => {
      await sql`drop schema ${sql.id(schema)} cascade`.execute(database.db);
      await database.close();
    },
  };
}
