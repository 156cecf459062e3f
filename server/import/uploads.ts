// Files sent from the browser (uploadMemberFile, uploadFeedFile): the file, received into the file
// store as it arrived (receiveFile.ts), and what the import needs to know of it (its layout: a
// payer's member file, or a practice feed's file) are kept (area `imports`) before the upload is
// answered, and the import runs in the background of this instance, reading the stored parts in
// pieces. A server that stops interrupts the run after its last committed batch and leaves it
// `running`; at the next start the run goes on from there (resumeMemberFileImports) and says so in
// its log. The parts are removed when the run ends; those of an upload a server death cut off, by
// abandonedUploads.ts.
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
import { forgetReceived, partName, UPLOAD_AREA, type ReceivedFile } from "./receiveFile.ts";

const detailsName = (runId: number) => `${runId}.json`;

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
  /** What the parts are named after; absent for a file a server before streamed uploads kept, named after its run. */
  stem?: string;
  parts: number;
  bytes: number;
}

const stemOf = (runId: number, stored: StoredUpload) => stored.stem ?? String(runId);

/** What a run's kept file's parts are named after; undefined when nothing of it is kept. */
export async function keptStemOf(files: FileStore, runId: number): Promise<string | undefined> {
  const kept = await files.read(UPLOAD_AREA, detailsName(runId));
  return kept && stemOf(runId, JSON.parse(kept.content.toString("utf8")) as StoredUpload);
}

/** Keeps what the run of a received file needs to know of it; the run may start once this has returned. */
export async function keepUpload(files: FileStore, runId: number, details: UploadDetails, received: ReceivedFile): Promise<void> {
  const stored: StoredUpload = { ...details, stem: received.stem, parts: received.parts, bytes: received.bytes };
  await files.put(UPLOAD_AREA, detailsName(runId), Buffer.from(JSON.stringify(stored)), "application/json");
}

async function forgetUpload(files: FileStore, runId: number, stored: StoredUpload): Promise<void> {
  await files.remove(UPLOAD_AREA, detailsName(runId));
  await forgetReceived(files, { stem: stemOf(runId, stored), parts: stored.parts });
}

function storedSource(files: FileStore, runId: number, stored: StoredUpload): FileSource {
  async function* parts() {
    for (let index = 0; index < stored.parts; index += 1) {
      const part = await files.read(UPLOAD_AREA, partName(stemOf(runId, stored), index));
      if (!part) throw new Error(`part ${index} of the file of run ${runId} is gone`);
      // Bytes, not text: a part may end inside a character, which textPieces keeps whole.
      yield part.content;
    }
  }
  return { name: stored.fileName, size: stored.bytes, modifiedAt: new Date(stored.extractedAt), open: () => Readable.from(textPieces(parts())) };
}

const count = (value: number) => value.toLocaleString("en-US");

/** The run of an upload: the stored file imported (from where a stopped run left it), then removed. */
export function uploadRunner(files: FileStore): JobRunner {
  return async (context) => {
    const { runId, resumed } = context;
    const kept = await files.read(UPLOAD_AREA, detailsName(runId));
    if (!kept) return { status: "failure", message: "Failed: the uploaded file was not kept; send it again" };
    const details = JSON.parse(kept.content.toString("utf8")) as StoredUpload;
    const resume = resumed && { ...resumed, examples: await firstRejections(context.services.db, runId, SUMMARY_EXAMPLES) };
    const resumedNote = resume ? `Resumed after a server stop, after the ${count(resume.rowsWritten)} rows written before it: ` : "";
    if (resume) await context.progress(`${resumedNote}importing ${details.fileName}`, resumed);
    try {
      const { outcome, message } = await importWithLog(context, layoutOf(details), storedSource(files, runId, details), {}, resume);
      await forgetUpload(files, runId, details);
      return { status: importStatus(outcome), message: resumedNote + message, counts: countsOf(outcome) };
    } catch (error) {
      if (context.signal.aborted) {
        const done = await runCounts(context.services.db, runId);
        return {
          status: "interrupted",
          message: `Interrupted by a server stop after ${count(done.rowsWritten)} rows of ${details.fileName} were written (${count(done.rowsRead)} read): it goes on from there when the server starts again`,
        };
      }
      await forgetUpload(files, runId, details);
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
