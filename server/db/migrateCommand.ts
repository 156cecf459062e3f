// The database's version from a shell, for upgrades and rollbacks (docs/operations.md):
//   npm run migrate -- list              every migration of this release, and when it ran here
//   npm run migrate -- latest            runs the ones not yet run (the server does it at start)
//   npm run migrate -- back-to <name>    undoes the migrations after <name>, newest first
// Run `back-to` with the NEWER release's code (it knows how to undo its own migrations), with every
// instance stopped, before starting the older release again. It works on the configured database
// (DATABASE_DIRECT_URL or DATABASE_URL, or PGlite in DATA_DIR).
import { ConfigError, databaseOptionsOf, loadConfig } from "../config.ts";
import { openDatabase } from "./connection.ts";
import { FolderLockedError } from "./lock.ts";
import { migrateBackTo, migrateToLatest, MIGRATIONS, migrationsRun } from "./migrate.ts";

const USAGE = "usage: npm run migrate -- list | latest | back-to <migration name>";

async function main([verb, name]: string[]): Promise<void> {
  if (!(verb === "list" || verb === "latest" || (verb === "back-to" && name))) throw new ConfigError(USAGE);
  if (verb === "back-to" && !(name! in MIGRATIONS)) throw new ConfigError(`no migration of this release is named ${name}: npm run migrate -- list names them`);
  const config = loadConfig();
  const database = await openDatabase(databaseOptionsOf(config));
  try {
    if (verb === "latest") await migrateToLatest(database.direct);
    if (verb === "back-to") await migrateBackTo(database.direct, name!);
    for (const migration of await migrationsRun(database.direct)) {
      console.log(`${migration.name}  ${migration.ranAt ? `ran ${migration.ranAt.toISOString()}` : "not run"}`);
    }
  } finally {
    await database.close();
  }
}

if (import.meta.main) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    const known = error instanceof ConfigError || error instanceof FolderLockedError;
    console.error(known ? error.message : error);
    process.exit(1);
  });
}
