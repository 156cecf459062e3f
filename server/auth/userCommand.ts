// The administrator's command for staff accounts (docs/architecture.md: disabling a user ends their sessions):
//   npm run user -- disable <email>   the account can no longer sign in; its sessions end at once
//   npm run user -- enable <email>    the account can sign in again (ended sessions stay ended)
// It works on the configured database (DATABASE_URL, or PGlite in DATA_DIR). A PGlite folder is used
// by one process at a time: stop the server first, or run it on PostgreSQL where both can share it.
import type { Kysely } from "kysely";
import { ConfigError, loadConfig } from "../config.ts";
import { openDatabase } from "../db/connection.ts";
import type { Database } from "../db/database.ts";
import { FolderLockedError } from "../db/lock.ts";
import { setUserDisabled } from "./sessions.repository.ts";

export const USAGE = "usage: npm run user -- disable <email> | enable <email>";

export class UsageError extends Error {}

function parse(args: string[]): { verb: "disable" | "enable"; email: string } {
  const [verb, email, ...rest] = args;
  if ((verb !== "disable" && verb !== "enable") || !email || rest.length > 0) throw new UsageError(USAGE);
  return { verb, email };
}

/** Runs one command; answers what was done, or throws UsageError for anything else. */
export async function runUserCommand(db: Kysely<Database>, args: string[], now = new Date()): Promise<string> {
  const { verb, email } = parse(args);
  const user = await setUserDisabled(db, email, verb === "disable", now);
  if (!user) throw new UsageError(`There is no user with the e-mail ${email}`);
  return verb === "disable" ? `Disabled ${user.email}: signed out everywhere, and cannot sign in.` : `Enabled ${user.email}: can sign in again.`;
}

async function main(): Promise<void> {
  parse(process.argv.slice(2));
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    console.log(await runUserCommand(database.db, process.argv.slice(2)));
  } finally {
    await database.close();
  }
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    const known = error instanceof UsageError || error instanceof ConfigError || error instanceof FolderLockedError;
    console.error(known ? error.message : error);
    process.exit(1);
  });
}
