// The administrator's command for the file store (docs/operations.md, Files):
//   npm run files -- migrate --to s3
// copies every file the database keeps (recordings, help files, member files being imported, queued
// mail) to the bucket of the S3_* settings, checking each by size and checksum
// (migrateToBucket.ts). The server may go on running on the database meanwhile; Ctrl-C stops after
// the file being copied, and running it again goes on. On PGlite, whose folder one process opens at
// a time, a running server is asked to do it through its administration socket.
import { parseArgs } from "node:util";
import type { Kysely } from "kysely";
import { askServer } from "../admin/adminSocket.ts";
import { ConfigError, databaseOptionsOf, loadConfig } from "../config.ts";
import { openDatabase } from "../db/connection.ts";
import type { Database } from "../db/database.ts";
import { FolderLockedError } from "../db/lock.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { migrateToBucket, type MigrationCounts, type MigrationOptions } from "./migrateToBucket.ts";
import { BucketUnavailableError, checkBucket, s3ClientFor, type S3Settings } from "./s3Settings.ts";

/** What the administration socket's requests for this command start with. */
export const FILES_COMMAND = "files";

export const USAGE = "usage: npm run files -- migrate --to s3   (the bucket of the S3_* settings, docs/operations.md)";

export class UsageError extends Error {}

export function parseFilesArgs(argv: string[]): void {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { to: { type: "string" } }, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  const [verb, ...rest] = parsed.positionals;
  if (verb !== "migrate" || rest.length > 0) throw new UsageError(USAGE);
  if (parsed.values.to !== "s3") throw new UsageError(`--to must be s3 (the only store files move to)\n${USAGE}`);
}

/** The bucket of the S3_* settings, whatever FILE_STORE says now: the one the files are moving to. */
export function bucketSettingsOf(env: NodeJS.ProcessEnv): S3Settings {
  const config = loadConfig({ ...env, FILE_STORE: "s3" });
  if (config.fileStore.kind !== "s3") throw new ConfigError("the S3_* settings name no bucket");
  return config.fileStore.s3;
}

const count = (n: number, one: string) => `${n.toLocaleString("en-US")} ${one}${n === 1 ? "" : "s"}`;

export function migrationSummary(counts: MigrationCounts, stopped: boolean): string {
  const mega = (counts.bytes / 1024 / 1024).toFixed(1);
  const lines = [`Copied ${count(counts.copied, "file")} (${mega} MB) to the bucket; ${count(counts.alreadyThere, "file")} already there, checked.`];
  if (counts.mismatched.length > 0) {
    lines.push(`${count(counts.mismatched.length, "file")} did not read back the same and were removed from the bucket: ${counts.mismatched.join(", ")}. Run the command again.`);
  }
  if (stopped) lines.push("Stopped before the end: run the command again to go on (nothing is copied twice).");
  else if (counts.mismatched.length === 0) lines.push("Every stored file is in the bucket: set FILE_STORE=s3 and restart the server.");
  return lines.join("\n");
}

/** Runs the command on `db`; the summary of what was done. */
export async function runFilesCommand(db: Kysely<Database>, args: string[], settings: S3Settings, options: MigrationOptions = {}): Promise<string> {
  parseFilesArgs(args);
  const client = s3ClientFor(settings);
  await checkBucket(client, settings);
  const counts = await migrateToBucket(db, client, settings)(options);
  return migrationSummary(counts, options.signal?.aborted ?? false);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  parseFilesArgs(args);
  const settings = bucketSettingsOf(process.env);
  const config = loadConfig();
  const database = await openDatabase(databaseOptionsOf(config)).catch(async (error: unknown) => {
    if (!(error instanceof FolderLockedError)) throw error;
    console.log("The server holds the data folder: it copies the files itself (this waits until it is done).");
    const answer = await askServer(config.dataDir, [FILES_COMMAND, ...args]).catch(() => {
      throw new FolderLockedError(`${error.message} Its administration socket does not answer: stop it and run the command again.`);
    });
    if (!answer.ok) throw new UsageError(answer.message);
    console.log(answer.message);
    return undefined;
  });
  if (!database) return;
  const stopping = new AbortController();
  process.once("SIGINT", () => {
    console.log("Stopping after the file being copied…");
    stopping.abort();
  });
  let copied = 0;
  const onFile: MigrationOptions["onFile"] = ({ outcome }) => {
    if (outcome === "copied" && ++copied % 100 === 0) console.log(`${count(copied, "file")} copied…`);
  };
  try {
    await migrateToLatest(database.db);
    console.log(await runFilesCommand(database.db, args, settings, { signal: stopping.signal, onFile }));
  } finally {
    await database.close();
  }
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    // A refusal, a setting or an unreachable bucket is said in its own words; anything else whole.
    const known = [UsageError, ConfigError, FolderLockedError, BucketUnavailableError].some((kind) => error instanceof kind);
    console.error(known ? (error as Error).message : error);
    process.exit(1);
  });
}
