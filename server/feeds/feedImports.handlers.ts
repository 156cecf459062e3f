// A practice feed file from the browser (openapi.yaml uploadFeedFile, listFeedImports,
// getFeedImport): checked whole first (domain/feeds/upload.ts), then imported by a run of the
// "Import practice feeds" job with the rules of `npm run import -- --feed`, kept in the file store
// and run in the background of this instance as a member file is (server/import/uploads.ts: a
// server stopping interrupts the run after its last batch, and the next start goes on from there);
// the answer is the run, which the browser follows to its end.
import type { Kysely } from "kysely";
import type { components } from "../../contract/schema.d.ts";
import { HttpError, invalidRequest } from "../../contract/errors.ts";
import { REJECTIONS_SHOWN } from "../../domain/import/upload.ts";
import { FEED_RUNS_LISTED, feedOfUpload, feedsImportRunning, feedUploadProblems } from "../../domain/feeds/upload.ts";
import { feedOfFileName } from "../../domain/feeds/summary.ts";
import { FEEDS, type FeedName } from "../../domain/feeds/records.ts";
import { FEEDS_JOB } from "../../domain/jobs.ts";
import type { Database } from "../db/database.ts";
import { calendarNow } from "../calendar.ts";
import { callerOf, type Handlers } from "../handlers.ts";
import { executeJob } from "../jobs/runner.ts";
import { findJob } from "../jobs/runs.repository.ts";
import { importRejections } from "../import/memberFiles.repository.ts";
import { keepUpload, trackUpload, uploadRunner, uploadsOf } from "../import/uploads.ts";
import { feedImportRun, latestFeedImportRuns, markRunFeed, type FeedRunRow } from "./feedImports.repository.ts";

type FeedImportRun = components["schemas"]["FeedImportRun"];
type FeedImport = components["schemas"]["FeedImport"];

const iso = (value: Date | string) => new Date(value).toISOString();

function runOf(row: FeedRunRow): FeedImportRun {
  return {
    id: row.id,
    status: row.status === "skipped" ? "failure" : row.status,
    // A run of the command names its feed by its file only when the name begins with it.
    feed: (row.feed as FeedName | null) ?? (row.file ? (feedOfFileName(row.file, FEEDS) ?? null) : null),
    file: row.file ?? "",
    startedAt: iso(row.started_at),
    endedAt: row.ended_at === null ? null : iso(row.ended_at),
    message: row.message,
    bytesRead: Number(row.bytes_read ?? 0),
    bytesTotal: Number(row.bytes_total ?? 0),
    rowsRead: row.rows_read ?? 0,
    rowsWritten: row.rows_written ?? 0,
    rowsRejected: row.rows_rejected ?? 0,
  };
}

async function feedImport(db: Kysely<Database>, runId: number): Promise<FeedImport | undefined> {
  const row = await feedImportRun(db, runId);
  if (!row) return undefined;
  return { ...runOf(row), rejections: await importRejections(db, runId, REJECTIONS_SHOWN) };
}

export const feedImportsHandlers: Handlers = {
  async uploadFeedFile(call) {
    const { db } = call.services;
    const { user } = callerOf(call);
    const upload = call.body;
    const problems = feedUploadProblems(upload);
    if (problems.length > 0) throw invalidRequest(problems);
    const feed = feedOfUpload(upload)!;
    const job = await findJob(db, { key: FEEDS_JOB });
    if (!job) throw new Error("there is no practice feeds job");
    const now = calendarNow(call.services);
    const details = { fileName: upload.fileName, feed, extractedAt: now.toISOString(), auditAs: { userId: user.id, address: call.request.ip } };

    let claimed: (runId: number | undefined) => void = () => {};
    let failed: (error: unknown) => void = () => {};
    const runId = new Promise<number | undefined>((resolve, reject) => {
      claimed = resolve;
      failed = reject;
    });
    const run = executeJob(call.services, job.id, {
      trigger: "upload",
      // The practice calendar's clock, which the queue judges "an appointment ahead" by.
      now: () => calendarNow(call.services),
      runner: uploadRunner(call.services.files),
      signal: uploadsOf(db).stop.signal,
      details: { requestedBy: user.id, file: upload.fileName, bytesTotal: Buffer.byteLength(upload.content) },
      // The run is answered once its file is kept: from then on a server stop cannot lose it.
      onClaimed: async (id) => {
        try {
          await markRunFeed(db, id, feed);
          await keepUpload(call.services.files, id, details, upload.content);
        } catch (error) {
          failed(error);
          throw error;
        }
        claimed(id);
      },
    })
      .then((result) => (result.ran ? undefined : claimed(undefined)))
      .catch((error: unknown) => {
        // Before the run was claimed the upload fails (500); after, the run's log says what happened.
        failed(error);
        call.request.log.error({ err: error }, "feed file import failed");
      });
    trackUpload(db, run);

    const started = await runId;
    if (started === undefined) throw new HttpError(409, feedsImportRunning);
    call.reply.code(202);
    // 202 is not among the success answers the handler type knows (200, 201).
    return (await feedImport(db, started)) as never;
  },

  async listFeedImports({ services }) {
    return (await latestFeedImportRuns(services.db, FEED_RUNS_LISTED)).map(runOf);
  },

  async getFeedImport({ path, services }) {
    const found = await feedImport(services.db, path.id);
    if (!found) throw new HttpError(404, "No such feeds import");
    return found;
  },
};
