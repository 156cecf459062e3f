// Files sent from the browser (uploadMemberFile): the file and what the import needs to know
// of it (its layout: a payer's member file, or a practice feed's file) are kept in the file store (area `imports`) before the upload is answered, and the import
// runs in the background of this instance, reading the stored file in pieces. A server that stops
// interrupts the run after its last committed batch and leaves it `running`; at the next start the
// run goes on from there (resumeMemberFileImports) and says so in its log. The file is stored in
// parts of half a million characters, each encoded and sent on its own, so that no step of the
// upload holds the event loop for long; they are removed when the run ends.
import { Readable } from "node:stream";
import type { Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import type { FileStore } from "../files/fileStore.ts";
import { executeJob, type JobRunner, type JobServices } from "../jobs/runner.ts";
import { firstRejections, interruptedUploads, runCounts } from "../jobs/runs.repository.ts";
import { SUMMARY_EXAMPLES } from "../../domain/import/memberFile.ts";
import type { FeedName } from "../../domain/feeds/records.ts";
import { importStatus } from "../../domain/jobs.ts";
import { feedFileOpener } from "../feeds/feedLayout.ts";
import { countsOf, importWithLog, type LayoutOpener } from "./fileJob.ts";
import { FileRefused, textPieces, type FileSource } from "./fileRun.ts";
import { memberFileOpener } from "./memberLayout.ts";

const AREA = "imports";
/** Characters of the file in one stored part (the parser takes it in smaller pieces). */
const PART_CHARS = 512 * 1024;

const partName = (runId: number, part: number) => `${runId}.csv.${part}`;
const detailsName = (runId: number) => `${runId}.json`;

/** The file's text in parts; a part never ends between the two halves of a surrogate pair. */
function partsOf(content: string): string[] {
  const parts: string[] = [];
  for (let start = 0; start < content.length; ) {
    let end = Math.min(content.length, start + PART_CHARS);
    if (end < content.length && /[\uD800-\uDBFF]/.test(content[end - 1]!)) end -= 1;
    parts.push(content.slice(start, end));
    start = end;
  }
  return parts;
}

/** What the import of an upload needs besides its text: a practice feed's file names its feed, a member file its payer. */
export interface UploadDetails {
  fileName: string;
  feed?: FeedName;
  brand?: string;
  practice?: string;
  extractedAt: string;
  /** The administrator the writes are audited under. */
  auditAs: { userId: number; address: string };
}

function layoutOf(details: UploadDetails): LayoutOpener {
  const { feed, brand, practice, extractedAt, auditAs } = details;
  if (feed) return feedFileOpener(feed, auditAs);
  return memberFileOpener({ brand: brand!, practice, extractedAt: new Date(extractedAt), auditAs });
}

interface StoredUpload extends UploadDetails {
  parts: number;
  bytes: number;
}

/** Keeps the upload for its run, its parts first; the run may start once this has returned. */
export async function keepUpload(files: FileStore, runId: number, details: UploadDetails, content: string): Promise<void> {
  const parts = partsOf(content);
  let bytes = 0;
  for (const [index, part] of parts.entries()) {
    const encoded = Buffer.from(part);
    bytes += encoded.byteLength;
    await files.put(AREA, partName(runId, index), encoded, "text/csv");
  }
  const stored: StoredUpload = { ...details, parts: parts.length, bytes };
  await files.put(AREA, detailsName(runId), Buffer.from(JSON.stringify(stored)), "application/json");
}

async function forgetUpload(files: FileStore, runId: number, parts: number): Promise<void> {
  await files.remove(AREA, detailsName(runId));
  for (let index = 0; index < parts; index += 1) await files.remove(AREA, partName(runId, index));
}

function storedSource(files: FileStore, runId: number, stored: StoredUpload): FileSource {
  async function* parts() {
    for (let index = 0; index < stored.parts; index += 1) {
      const part = await files.read(AREA, partName(runId, index));
      if (!part) throw new Error(`part ${index} of the file of run ${runId} is gone`);
      yield part.content.toString("utf8");
    }
  }
  return { name: stored.fileName, size: stored.bytes, modifiedAt: new Date(stored.extractedAt), open: () => Readable.from(textPieces(parts())) };
}

const count = (value: number) => value.toLocaleString("en-US");

/** The run of an upload: the stored file imported (from where a stopped run left it), then removed. */
export function uploadRunner(files: FileStore): JobRunner {
  return async (context) => {
    const { runId, resumed } = context;
    const kept = await files.read(AREA, detailsName(runId));
    if (!kept) return { status: "failure", message: "Failed: the uploaded file was not kept; send it again" };
    const details = JSON.parse(kept.content.toString("utf8")) as StoredUpload;
    const resume = resumed && { ...resumed, examples: await firstRejections(context.services.db, runId, SUMMARY_EXAMPLES) };
    const resumedNote = resume ? `Resumed after a server stop, after the ${count(resume.rowsWritten)} rows written before it: ` : "";
    if (resume) await context.progress(`${resumedNote}importing ${details.fileName}`, resumed);
    try {
      const { outcome, message } = await importWithLog(context, layoutOf(details), storedSource(files, runId, details), {}, resume);
      await forgetUpload(files, runId, details.parts);
      return { status: importStatus(outcome), message: resumedNote + message, counts: countsOf(outcome) };
    } catch (error) {
      if (context.signal.aborted) {
        const done = await runCounts(context.services.db, runId);
        return {
          status: "interrupted",
          message: `Interrupted by a server stop after ${count(done.rowsWritten)} rows of ${details.fileName} were written (${count(done.rowsRead)} read): it goes on from there when the server starts again`,
        };
      }
      await forgetUpload(files, runId, details.parts);
      if (error instanceof FileRefused) return { status: "failure", message: `Failed: ${error.message}` };
      throw error;
    }
  };
}

/** The uploads this process is importing, by database: the app stops them before the database closes. */
const inFlight = new WeakMap<Kysely<Database>, { stop: AbortController; runs: Set<Promise<unknown>> }>();

export function uploadsOf(db: Kysely<Database>) {
  let uploads = inFlight.get(db);
  if (!uploads) inFlight.set(db, (uploads = { stop: new AbortController(), runs: new Set() }));
  return uploads;
}

/** Keeps `run` among this process's uploads until it ends. */
export function trackUpload(db: Kysely<Database>, run: Promise<unknown>): void {
  const { runs } = uploadsOf(db);
  const tracked = run.finally(() => runs.delete(tracked));
  runs.add(tracked);
}

/** Interrupts the uploads being imported (each stops after its last batch, to go on at the next start) and waits for them. */
export async function stopMemberFileImports(db: Kysely<Database>): Promise<void> {
  const uploads = inFlight.get(db);
  if (!uploads) return;
  uploads.stop.abort(new Error("the server stopped"));
  while (uploads.runs.size > 0) await Promise.allSettled([...uploads.runs]);
  inFlight.delete(db);
}

/**
 * At start: every upload a server left running goes on from its last committed batch. One that
 * another instance is importing is left to it (its job's lock says so).
 */
export async function resumeMemberFileImports(services: JobServices & { files: FileStore }, log: (message: string) => void): Promise<void> {
  const { db } = services;
  const uploads = uploadsOf(db);
  for (const run of await interruptedUploads(db)) {
    const resumed = executeJob(services, run.jobId, { trigger: "upload", runner: uploadRunner(services.files), signal: uploads.stop.signal, resume: run.id }).catch((error: unknown) =>
      log(`resuming members import run ${run.id} failed: ${(error as Error).message ?? String(error)}`),
    );
    trackUpload(db, resumed);
  }
}
