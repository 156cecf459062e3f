// The members import as a command, logged as a run of the payer's import job (Crons modal):
//   npm run import -- <file.csv> [--brand denta] [--practice SMHOU] [--extracted-at 2026-11-16T06:00:00Z]
// The payer is the first word of the file's name (DENTA_ELIG_20261116.csv) unless --brand names it.
// It prints its progress, the run's summary and the rejected rows. It works on the configured
// database (DATABASE_URL, or PGlite in DATA_DIR: stop the server first, PGlite is one process).
import { existsSync } from "node:fs";
import { basename } from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, databaseOptionsOf, loadConfig } from "../config.ts";
import { openDatabase } from "../db/connection.ts";
import { FolderLockedError } from "../db/lock.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { importJobKey } from "../jobs/catalog.ts";
import { executeJob, type JobServices, type RunResult } from "../jobs/runner.ts";
import { findJob, firstRejections } from "../jobs/runs.repository.ts";
import type { FileProgress } from "./fileRun.ts";
import { brandOfFileName } from "../../domain/import/memberFile.ts";
import { pathRunner } from "./fileJob.ts";
import { memberFileOpener } from "./memberLayout.ts";
import { feedFileOpener } from "../feeds/feedLayout.ts";
import { FEEDS, type FeedName } from "../../domain/feeds/records.ts";
import { FEEDS_JOB } from "../../domain/jobs.ts";

export const USAGE =
  "usage: npm run import -- <file.csv> [--brand denta|mcna|uhc|tmhp] [--practice <abbreviation>] [--extracted-at <ISO instant>]\n" +
  `       npm run import -- --feed ${FEEDS.join("|")} <file.csv>`;
const BRANDS = ["denta", "mcna", "uhc", "tmhp"];
/** Rejected rows printed; the run log keeps them all. */
const PRINTED_REJECTIONS = 50;

export class UsageError extends Error {}

export interface ImportCommand {
  file: string;
  /** A practice feed's file instead of a payer's member file. */
  feed?: FeedName;
  brand: string;
  practice: string | undefined;
  extractedAt: Date | undefined;
}

export function parseImportArgs(args: string[]): ImportCommand {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: { brand: { type: "string" }, practice: { type: "string" }, "extracted-at": { type: "string" }, feed: { type: "string" } },
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  const [file, ...rest] = parsed.positionals;
  if (!file || rest.length > 0) throw new UsageError(USAGE);
  const feed = parsed.values.feed;
  if (feed !== undefined) {
    if (!(FEEDS as readonly string[]).includes(feed)) throw new UsageError(`There is no feed "${feed}": ${FEEDS.join(", ")}`);
    return { file, feed: feed as FeedName, brand: "", practice: undefined, extractedAt: undefined };
  }
  const brand = parsed.values.brand?.toLowerCase() ?? brandOfFileName(file) ?? "";
  if (!BRANDS.includes(brand)) throw new UsageError(`The payer of ${basename(file)} is not known: name it with --brand (${BRANDS.join(", ")})`);
  const at = parsed.values["extracted-at"];
  const extractedAt = at === undefined ? undefined : new Date(at);
  if (extractedAt && Number.isNaN(extractedAt.getTime())) throw new UsageError(`--extracted-at must be an ISO instant, not "${at}"`);
  return { file, brand, practice: parsed.values.practice, extractedAt };
}

/** "DENTA_ELIG.csv: 45% (12,000 rows, 3 rejected)" each time another 5% of the file is read. */
export function progressPrinter(print: (line: string) => void): (progress: Pick<FileProgress, "file" | "bytesRead" | "bytesTotal" | "rowsRead" | "rowsRejected">) => void {
  let shown = -1;
  return (progress) => {
    const percent = progress.bytesTotal === 0 ? 100 : Math.floor((100 * progress.bytesRead) / progress.bytesTotal);
    const step = Math.floor(percent / 5);
    if (step === shown) return;
    shown = step;
    print(`${progress.file}: ${percent}% (${progress.rowsRead.toLocaleString("en-US")} rows, ${progress.rowsRejected} rejected)`);
  };
}

export async function runImportCommand(services: JobServices, command: ImportCommand, print: (line: string) => void): Promise<RunResult> {
  if (!existsSync(command.file)) throw new UsageError(`There is no file ${command.file}`);
  const job = await findJob(services.db, { key: command.feed ? FEEDS_JOB : importJobKey(command.brand) });
  if (!job) throw new UsageError(`There is no import job for ${command.feed ?? command.brand.toUpperCase()}`);
  const layout = command.feed ? feedFileOpener(command.feed) : memberFileOpener(command);
  const runner = pathRunner(layout, command.file, { onProgress: progressPrinter(print) });
  const result = await executeJob(services, job.id, { trigger: "command", runner });
  if (!result.ran) {
    print(`${job.title} is running already (here or on another server): try again when it has finished.`);
    return result;
  }
  print(`${job.title}, run ${result.runId}: ${result.outcome.message}`);
  const rejections = await firstRejections(services.db, result.runId, PRINTED_REJECTIONS + 1);
  for (const rejection of rejections.slice(0, PRINTED_REJECTIONS)) print(`  line ${rejection.line}: ${rejection.reason}`);
  if (rejections.length > PRINTED_REJECTIONS) print(`  … the run log (job_run_rejections, run ${result.runId}) has every rejected row`);
  return result;
}

async function main(): Promise<void> {
  const command = parseImportArgs(process.argv.slice(2));
  const config = loadConfig();
  const database = await openDatabase(databaseOptionsOf(config));
  try {
    await migrateToLatest(database.db);
    const result = await runImportCommand({ db: database.db, config }, command, (line) => console.log(line));
    process.exitCode = result.ran && result.outcome.status === "success" ? 0 : 1;
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
