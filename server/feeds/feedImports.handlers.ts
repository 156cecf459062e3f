// A practice feed file from the browser (openapi.yaml uploadFeedFile, listFeedImports,
// getFeedImport): the file is the request's body, received into the file store as it arrives and
// checked on the way (domain/feeds/upload.ts), then imported by a run of the "Import practice
// feeds" job with the rules of `npm run import -- --feed`, in the background of this instance as a
// member file is (server/import/startUpload.ts: a server stopping interrupts the run after its last
// batch, and the next start goes on from there); the answer is the run, which the browser follows
// to its end.
import type { Kysely } from "kysely";
import type { components } from "../../contract/schema.d.ts";
import { HttpError, invalidRequest } from "../../contract/errors.ts";
import { REJECTIONS_SHOWN } from "../../domain/import/upload.ts";
import { FEED_RUNS_LISTED, feedBodyProblems, feedOfUpload, feedsImportRunning, feedTargetProblems } from "../../domain/feeds/upload.ts";
import { feedOfFileName } from "../../domain/feeds/summary.ts";
import { FEEDS, type FeedName } from "../../domain/feeds/records.ts";
import { FEEDS_JOB } from "../../domain/jobs.ts";
import type { Database } from "../db/database.ts";
import { calendarNow } from "../calendar.ts";
import { callerOf, type Handlers } from "../handlers.ts";
import { importRejections } from "../import/memberFiles.repository.ts";
import { receiveFile, refuseUnlessCsv } from "../import/receiveFile.ts";
import { startUploadRun } from "../import/startUpload.ts";
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
    const { db, files } = call.services;
    const { user } = callerOf(call);
    refuseUnlessCsv(call.request);
    const target = call.query;
    const problems = feedTargetProblems(target);
    if (problems.length > 0) throw invalidRequest(problems);
    const received = await receiveFile(files, call.request, (facts) => feedBodyProblems(target, facts));
    const feed = feedOfUpload(target)!;
    const now = calendarNow(call.services);
    const runId = await startUploadRun(call, {
      jobKey: FEEDS_JOB,
      running: feedsImportRunning,
      received,
      details: { fileName: target.fileName, feed, extractedAt: now.toISOString(), auditAs: { userId: user.id, address: call.request.ip } },
      // The practice calendar's clock, which the queue judges "an appointment ahead" by.
      now: () => calendarNow(call.services),
      beforeKeeping: (id) => markRunFeed(db, id, feed),
    });
    call.reply.code(202);
    // 202 is not among the success answers the handler type knows (200, 201).
    return (await feedImport(db, runId)) as never;
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
