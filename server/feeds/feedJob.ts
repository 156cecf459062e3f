// The practice feeds' import as runs of the "Import practice feeds" job: one file (the command's,
// an administrator's upload), or every feed file of the inbox (the scheduled run's), each named
// after its feed. An imported inbox file moves to done/, a refused one to failed/.
import { createReadStream } from "node:fs";
import { mkdir, readdir, rename, stat } from "node:fs/promises";
import { basename, join } from "node:path";
import type { JobRunner, RunContext, RunOutcome } from "../jobs/runner.ts";
import { JOB_INTEGRATIONS, FEEDS_JOB } from "../../domain/jobs.ts";
import { FEEDS, type FeedName } from "../../domain/feeds/records.ts";
import { feedOfFileName, feedStatus, feedSummary } from "../../domain/feeds/summary.ts";
import { FeedFileError, importFeedFile, type FeedFileSource, type FeedProgress, type FeedSummary } from "./importFeedFile.ts";

export async function feedFileSource(path: string): Promise<FeedFileSource> {
  const { size } = await stat(path);
  return { name: basename(path), size, open: () => createReadStream(path) };
}

export interface FeedImport {
  userId?: number;
  address?: string;
  batchSize?: number;
  /** After each batch (what the command prints). */
  onProgress?: (progress: FeedProgress) => void;
}

const countsOf = (summary: FeedProgress) => ({
  rowsRead: summary.rowsRead,
  rowsWritten: summary.rowsWritten,
  rowsRejected: summary.rowsRejected,
  bytesRead: summary.bytesRead,
  bytesTotal: summary.bytesTotal,
});

async function importWithLog(context: RunContext, feed: FeedName, source: FeedFileSource, options: FeedImport): Promise<FeedSummary> {
  const { services } = context;
  return importFeedFile(services.db, feed, source, {
    run: { now: context.now(), groupZone: services.config.reportTimeZone, userId: options.userId, address: options.address },
    batchSize: options.batchSize,
    signal: context.signal,
    onBatch: async (progress, rejections, within) => {
      await context.reject(progress.file, rejections, within);
      await context.progress(`Importing ${progress.file}: ${progress.rowsRead.toLocaleString("en-US")} rows read`, countsOf(progress), within);
      options.onProgress?.(progress);
    },
  });
}

/** One file's run, wherever it comes from. */
export function feedFileRunner(feed: FeedName, source: () => Promise<FeedFileSource>, options: FeedImport = {}): JobRunner {
  return async (context) => {
    try {
      const summary = await importWithLog(context, feed, await source(), options);
      return { status: feedStatus(summary), message: feedSummary(summary), counts: countsOf(summary) };
    } catch (error) {
      if (error instanceof FeedFileError) return { status: "failure", message: `Failed: ${error.message}` };
      throw error;
    }
  };
}

/** The scheduled run: every feed file of the inbox, oldest name first. */
export const inboxFeedsRunner: JobRunner = async (context): Promise<RunOutcome> => {
  const inbox = context.services.config.importDir;
  if (!inbox) return { status: "skipped", message: JOB_INTEGRATIONS[FEEDS_JOB]!.skipped };
  await mkdir(inbox, { recursive: true });
  const files = (await readdir(inbox)).filter((name) => feedOfFileName(name, FEEDS) !== undefined).sort();
  if (files.length === 0) return { status: "success", message: "Nothing to import: no practice feed file in the inbox" };
  const messages: string[] = [];
  const totals = { rowsRead: 0, rowsWritten: 0, rowsRejected: 0 };
  let failed = false;
  for (const name of files) {
    const path = join(inbox, name);
    try {
      const summary = await importWithLog(context, feedOfFileName(name, FEEDS)!, await feedFileSource(path), {});
      messages.push(feedSummary(summary));
      totals.rowsRead += summary.rowsRead;
      totals.rowsWritten += summary.rowsWritten;
      totals.rowsRejected += summary.rowsRejected;
      const imported = feedStatus(summary) === "success";
      failed ||= !imported;
      await moveTo(inbox, imported ? "done" : "failed", name);
    } catch (error) {
      if (!(error instanceof FeedFileError)) throw error;
      failed = true;
      messages.push(`Failed: ${error.message}`);
      await moveTo(inbox, "failed", name);
    }
  }
  return { status: failed ? "failure" : "success", message: messages.join(". "), counts: totals };
};

async function moveTo(inbox: string, folder: "done" | "failed", name: string): Promise<void> {
  await mkdir(join(inbox, folder), { recursive: true });
  await rename(join(inbox, name), join(inbox, folder, name));
}
