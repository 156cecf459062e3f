// Files imported as job runs, whatever their layout (a payer's member file, a practice feed): one
// file with its progress and refused rows in the run's log (the command's, an upload's), or every
// file of the inbox folder that the job takes (the scheduled run's), oldest name first. An imported
// inbox file moves to done/, a refused one (or one that imported no row) to failed/; one
// interrupted stays in the inbox, so the next run imports it again, which gives the data one clean
// run would have given.
import { mkdir, readdir, rename } from "node:fs/promises";
import { join } from "node:path";
import type { JobRunner, RunContext, RunOutcome } from "../jobs/runner.ts";
import { importStatus } from "../../domain/jobs.ts";
import { fileSource, FileRefused, importFile, type FileLayout, type FileOutcome, type FileProgress, type FileSource, type ResumePoint } from "./fileRun.ts";

type AnyLayout = FileLayout<unknown, Record<string, number>>;

/** What a run reads a file as: its layout, opened on the run's database and clock. */
export type LayoutOpener = (context: RunContext, source: FileSource) => Promise<AnyLayout>;

export interface FileRunHooks {
  /** After each committed batch: the command prints these; the run log records the counts either way. */
  onProgress?: (progress: FileProgress) => void;
}

export const countsOf = (progress: Partial<Pick<FileProgress, "rowsWritten">> & Omit<FileProgress, "rowsWritten">) => ({
  rowsRead: progress.rowsRead,
  rowsWritten: progress.rowsWritten,
  rowsRejected: progress.rowsRejected,
  bytesRead: progress.bytesRead,
  bytesTotal: progress.bytesTotal,
});

/** Batches of a layout that allows it written side by side: two, as many as the machine the targets were set on has cores. */
const WRITERS = 2;

export interface ImportedFile {
  outcome: FileOutcome<Record<string, number>>;
  message: string;
}

/** One file imported within a run: its progress and refused rows in the run's log. */
export async function importWithLog(context: RunContext, open: LayoutOpener, source: FileSource, hooks: FileRunHooks = {}, resume?: ResumePoint): Promise<ImportedFile> {
  const layout = await open(context, source);
  const outcome = await importFile(context.services.db, layout, source, {
    runId: context.runId,
    writers: WRITERS,
    now: context.now,
    signal: context.signal,
    resume,
    onCommitted: hooks.onProgress,
    onBatch: async (progress, rejections, within) => {
      await context.reject(progress.file, rejections, within);
      await context.progress(`Importing ${progress.file}: ${progress.rowsRead.toLocaleString("en-US")} rows read`, countsOf(progress), within);
    },
  });
  return { outcome, message: layout.summary(outcome) };
}

/** One file's run, wherever it comes from (the command's path, an administrator's upload). */
export function fileRunner(open: LayoutOpener, source: () => Promise<FileSource>, hooks: FileRunHooks = {}): JobRunner {
  return async (context) => {
    try {
      const { outcome, message } = await importWithLog(context, open, await source(), hooks);
      return { status: importStatus(outcome), message, counts: countsOf(outcome) };
    } catch (error) {
      if (error instanceof FileRefused) return { status: "failure", message: `Failed: ${error.message}` };
      throw error;
    }
  };
}

/** The command's run of a file on disk. */
export const pathRunner = (open: LayoutOpener, path: string, hooks: FileRunHooks = {}) => fileRunner(open, () => fileSource(path), hooks);

export interface Inbox {
  /** How the job reads a file of the inbox, or undefined for a file it does not take. */
  layoutOf: (name: string) => LayoutOpener | undefined;
  /** The run's message when there is no inbox folder configured. */
  skipped: string;
  /** The run's message when the inbox holds no file the job takes. */
  nothing: string;
}

/** The scheduled run: every file of the inbox the job takes, oldest name first. */
export function inboxRunner(inbox: Inbox): JobRunner {
  return async (context): Promise<RunOutcome> => {
    const folder = context.services.config.importDir;
    if (!folder) return { status: "skipped", message: inbox.skipped };
    await mkdir(folder, { recursive: true });
    const files = (await readdir(folder)).filter((name) => inbox.layoutOf(name) !== undefined).sort();
    if (files.length === 0) return { status: "success", message: inbox.nothing };
    const messages: string[] = [];
    const totals = { rowsRead: 0, rowsWritten: 0, rowsRejected: 0 };
    let failed = false;
    for (const name of files) {
      try {
        const { outcome, message } = await importWithLog(context, inbox.layoutOf(name)!, await fileSource(join(folder, name)));
        messages.push(message);
        totals.rowsRead += outcome.rowsRead;
        totals.rowsWritten += outcome.rowsWritten;
        totals.rowsRejected += outcome.rowsRejected;
        // A file that added nothing (no rows, or every row refused) is kept with the refused files.
        const imported = importStatus(outcome) === "success";
        failed ||= !imported;
        await moveTo(folder, imported ? "done" : "failed", name);
      } catch (error) {
        if (!(error instanceof FileRefused)) throw error;
        failed = true;
        messages.push(`Failed: ${error.message}`);
        await moveTo(folder, "failed", name);
      }
    }
    return { status: failed ? "failure" : "success", message: messages.join(". "), counts: totals };
  };
}

async function moveTo(inbox: string, folder: "done" | "failed", name: string): Promise<void> {
  await mkdir(join(inbox, folder), { recursive: true });
  await rename(join(inbox, name), join(inbox, folder, name));
}
