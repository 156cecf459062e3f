// Numbered migrations with up and down, listed here in order (no directory scan: the server runs
// TypeScript directly and the list is checked by the compiler).
import { Migrator, NO_MIGRATIONS, type Migration, type MigrationResultSet } from "kysely/migration";
import type { Kysely } from "kysely";
import * as staffAndSessions from "./migrations/0001_staff_and_sessions.ts";
import * as practicesAndMembers from "./migrations/0002_practices_and_members.ts";
import * as openIssues from "./migrations/0003_open_issues.ts";

export const MIGRATIONS: Record<string, Migration> = {
  "0001_staff_and_sessions": staffAndSessions,
  "0002_practices_and_members": practicesAndMembers,
  "0003_open_issues": openIssues,
};

function migratorOf(db: Kysely<unknown>): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });
}

function checked({ error, results }: MigrationResultSet): void {
  if (error) {
    const failed = results?.find((result) => result.status === "Error");
    throw new Error(`migration ${failed?.migrationName ?? "?"} failed: ${String(error)}`, { cause: error });
  }
}

export async function migrateToLatest<T>(db: Kysely<T>): Promise<void> {
  checked(await migratorOf(db as unknown as Kysely<unknown>).migrateToLatest());
}

/** Undoes the latest migration (or every one with `all`). */
export async function migrateDown<T>(db: Kysely<T>, all = false): Promise<void> {
  const migrator = migratorOf(db as unknown as Kysely<unknown>);
  checked(await (all ? migrator.migrateTo(NO_MIGRATIONS) : migrator.migrateDown()));
}
