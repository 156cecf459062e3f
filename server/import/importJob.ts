// The members import as a job run: one file imported with its progress and refused rows in the run
// log (the command's), or every file of a payer in the inbox folder (the scheduled job's). An
// imported inbox file moves to done/, a refused one to failed/; one interrupted stays in the inbox,
// so the next run imports it again, which gives the data one clean run would have given.
import { mkdir, readdir, rename } from "node:fs/promises";
import { join } from "node:path";
import type { JobRunner, RunContext, RunOutcome } from "../jobs/runner.ts";
import { importStatus, importSummary, JOB_INTEGRATIONS } from "../../domain/jobs.ts";
import { fileSource, ImportFileError, importMembersFile, type ImportProgress, type ImportSummary, type MemberFileSource, type ResumePoint } from "./importFile.ts";

export interface FileImport {
  brand: string;
  practice?: string;
  extractedAt?: Date;
  batchSize?: number;
  /** After each committed batch: the command prints these; the run log records the counts either way. */
  onProgress?: (progress: ImportProgress) => void;
  /** The administrator an upload's writes are audited under. */
  auditAs?: { userId: number; address: string };
}

const countsOf = (summary: ImportProgress) => ({
  rowsRead: summary.rowsRead,
  rowsWritten: summary.rowsWritten,
  rowsRejected: summary.rowsRejected,
  bytesRead: summary.bytesRead,
  bytesTotal: summary.bytesTotal,
});

/** One file imported within a run: its progress and refused rows in the run's log. */
export async function importWithLog(context: RunContext, source: MemberFileSource, options: FileImport, resume?: ResumePoint): Promise<ImportSummary> {
  return importMembersFile(context.services.db, source, {
    ...options,
    now: context.now(),
    signal: context.signal,
    resume,
    onRejected: context.reject,
    onCommitted: options.onProgress,
    onProgress: async (progress, within) => {
      await context.progress(`Importing ${progress.file}: ${progress.rowsRead.toLocaleString("en-US")} rows read`, countsOf(progress), within);
    },
  });
}

/** The command's run: one file. */
export function fileImportRunner(path: string, options: FileImport): JobRunner {
  return async (context) => sourceImportRunner(await fileSource(path), options)(context);
}

/** One file's run, wherever it comes from (the command's path, an administrator's upload). */
export function sourceImportRunner(source: MemberFileSource, options: FileImport): JobRunner {
  return async (context) => {
    try {
      const summary = await importWithLog(context, source, options);
      return { status: importStatus(summary), message: importSummary(summary), counts: countsOf(summary) };
    } catch (error) {
      if (error instanceof ImportFileError) return { status: "failure", message: `Failed: ${error.message}` };
      throw error;
    }
  };
}

/** A payer's files are named after it: DENTA_ELIG_20261116.csv, mcna-members.csv, … */
export const isFileOf = (brand: string, name: string) => new RegExp(`^${brand}[_-].*\\.csv$`, "i").test(name);

/** The scheduled job's run: every file of the payer in the inbox, oldest name first. */
export function inboxImportRunner(brand: string): JobRunner {
  return async (context): Promise<RunOutcome> => {
    const inbox = context.services.config.importDir;
    const payer = brand.toUpperCase();
    if (!inbox) return { status: "skipped", message: JOB_INTEGRATIONS[`import-${brand}`]!.skipped };
    await mkdir(inbox, { recursive: true });
    const files = (await readdir(inbox)).filter((name) => isFileOf(brand, name)).sort();
    if (files.length === 0) return { status: "success", message: `Nothing to import: no ${payer} file in the inbox` };
    const messages: string[] = [];
    const totals = { rowsRead: 0, rowsWritten: 0, rowsRejected: 0 };
    let failed = false;
    for (const name of files) {
      const path = join(inbox, name);
      try {
        const summary = await importWithLog(context, await fileSource(path), { brand });
        messages.push(importSummary(summary));
        totals.rowsRead += summary.rowsRead;
        totals.rowsWritten += summary.rowsWritten;
        totals.rowsRejected += summary.rowsRejected;
        // A file that added nothing (no rows, or every row refused) is kept with the refused files.
        const imported = importStatus(summary) === "success";
        failed ||= !imported;
        await moveTo(inbox, imported ? "done" : "failed", name);
      } catch (error) {
        if (!(error instanceof ImportFileError)) throw error;
        failed = true;
        messages.push(`Failed: ${error.message}`);
        await moveTo(inbox, "failed", name);
      }
    }
    return { status: failed ? "failure" : "success", message: messages.join(". "), counts: totals };
  };
}

async function moveTo(inbox: string, folder: "done" | "failed", name: string): Promise<void> {
  await mkdir(join(inbox, folder), { recursive: true });
  await rename(join(inbox, name), join(inbox, folder, name));
}
