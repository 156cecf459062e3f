// The administrator's command for staff accounts (docs/architecture.md: disabling a user ends their sessions):
//   npm run user -- disable <email>   the account can no longer sign in; its sessions end at once
//   npm run user -- enable <email>    the account can sign in again (ended sessions stay ended)
// It works on the configured database (DATABASE_URL, or PGlite in DATA_DIR). A PGlite folder is used
// by one process at a time: while the server holds it, the command asks that server to do it,
// through its administration socket (server/admin/adminSocket.ts), so no one has to stop it.
import type { Kysely } from "kysely";
import { ConfigError, loadConfig } from "../config.ts";
import { openDatabase } from "../db/connection.ts";
import type { Database } from "../db/database.ts";
import { FolderLockedError } from "../db/lock.ts";
import { askServer } from "../admin/adminSocket.ts";
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
  const args = process.argv.slice(2);
  parse(args);
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }).catch(async (error: unknown) => {
    if (!(error instanceof FolderLockedError)) throw error;
    // The server holds the folder: it runs the command itself.
    const answer = await askServer(config.dataDir, args).catch(() => {
      throw new FolderLockedError(`${error.message} Its administration socket does not answer: stop it and run the command again.`);
    });
    if (!answer.ok) throw new UsageError(answer.message);
    console.log(answer.message);
    return undefined;
  });
  if (!database) return;
  try {
    console.log(await runUserCommand(database.db, args));
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
