// A practice feed file from the browser (uploadFeedFile, listFeedImports, getFeedImport): the
// request's body, checked as the server checks it (domain/feeds/upload.ts) and imported at once
// (mocks/feeds/feedImports.ts); the run is the feeds job's, in the Crons modal as on the server.
import { HttpResponse } from "msw";
import type { components } from "../../contract/schema";
import { HttpError, invalidRequest } from "../../contract/errors.ts";
import { FEED_RUNS_LISTED, feedBodyProblems, feedOfUpload, feedsImportRunning, feedTargetProblems } from "../../domain/feeds/upload.ts";
import { FEEDS_JOB, JOBS } from "../../domain/jobs.ts";
import { createApi } from "../api";
import type { MockDb } from "../db/createMockDb";
import { importFeedFile } from "../feeds/feedImports";
import { receiveFile, refuseUnlessCsv } from "../import/uploadedFile";
import { settleRerun } from "../jobs/rerun";

type FeedImport = components["schemas"]["FeedImport"];

const FEEDS_TITLE = JOBS.find((job) => job.key === FEEDS_JOB)!.title;

export function feedFilesHandlers(db: MockDb) {
  const api = createApi(db);
  const nextLogId = () => db.crons.reduce((max, cron) => Math.max(max, ...cron.logs.map((log) => log.id)), 0) + 1;
  const feedsCron = () => {
    const cron = db.crons.find((candidate) => candidate.title === FEEDS_TITLE);
    if (!cron) throw new Error("there is no practice feeds job");
    settleRerun(cron, db.now());
    return cron;
  };

  /** A run of the feeds job: an upload's, or another (the demo's history, a re-run) as its log says. */
  const feedRun = (id: number): FeedImport | undefined => {
    const uploaded = db.feedImports.get(id);
    if (uploaded) return uploaded;
    const log = feedsCron().logs.find((candidate) => candidate.id === id);
    if (!log) return undefined;
    const status = log.status === "skipped" ? "failure" : log.status;
    const counts = { bytesRead: 0, bytesTotal: 0, rowsRead: 0, rowsWritten: 0, rowsRejected: 0, rejections: [] };
    return { id, status, feed: null, file: "", startedAt: log.startTime, endedAt: log.endTime, message: log.message, ...counts };
  };

  return [
    api.post("/Feeds/imports", async ({ request, query: target }) => {
      refuseUnlessCsv(request);
      const problems = feedTargetProblems(target);
      if (problems.length > 0) throw invalidRequest(problems);
      const { content, facts } = await receiveFile(request);
      const refused = feedBodyProblems(target, facts);
      if (refused.length > 0) throw invalidRequest(refused);
      const cron = feedsCron();
      if (cron.logs[0]?.status === "running") throw new HttpError(409, feedsImportRunning);
      const run = importFeedFile(db, cron, { feed: feedOfUpload(target)!, fileName: target.fileName, content }, nextLogId());
      return HttpResponse.json(run, { status: 202 });
    }),

    api.get("/Feeds/imports", () => {
      const runs = feedsCron()
        .logs.slice(0, FEED_RUNS_LISTED)
        .map((log) => feedRun(log.id)!)
        .map(({ rejections: _rejections, ...run }) => run);
      return HttpResponse.json(runs);
    }),

    api.get("/Feeds/imports/{id}", ({ path }) => {
      const run = feedRun(path.id);
      if (!run) throw new HttpError(404, "No such feeds import");
      return HttpResponse.json(run);
    }),
  ];
}
