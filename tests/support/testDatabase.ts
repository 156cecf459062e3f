// A fresh, migrated database for one test file: PGlite in memory, or a database of its own on the
// cluster of DATABASE_URL_TEST (PostgreSQL 15) copied from the migrated template
// (postgresTemplate.ts) and dropped again on close, so the same tests run on both. And the seeded
// demo world on PGlite, for the tests of what PGlite alone exercises (the app's plumbing, triggers).
import { openDatabase, type DatabaseHandle } from "../../server/db/connection.ts";
import { migrateToLatest } from "../../server/db/migrate.ts";
import { seededTemplate } from "../../server/db/template.ts";
import { copyOfTemplate } from "./postgresTemplate.ts";

export interface TestDatabase extends DatabaseHandle {
  /** PostgreSQL: the database's URL, for a second instance or a command on the same data. */
  url: string | undefined;
}

export async function freshTestDatabase(): Promise<TestDatabase> {
  if (!process.env.DATABASE_URL_TEST) {
    const database = await openDatabase({ dataDir: "memory://" });
    await migrateToLatest(database.db);
    return { ...database, url: undefined };
  }
  const copy = await copyOfTemplate("test", null);
  const database = await openDatabase({ url: copy.url });
  return {
    ...database,
    url: copy.url,
    close: async () => {
      await database.close();
      await copy.drop();
    },
  };
}

/** The size of the contract suite's server target: the cached PGlite template is shared with it. */
export const DEMO_SIZE = 1500;

/** The demo world on PGlite, opened from the cached seeded template: in memory, or in `dataDir`. */
export async function seededPGlite(dataDir = "memory://"): Promise<DatabaseHandle> {
  return openDatabase({ dataDir, template: await seededTemplate({ size: DEMO_SIZE }) });
}
