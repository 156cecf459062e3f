// A file from the browser (uploadMemberFile and getMemberImport for a payer's member file;
// uploadFeedFile, listFeedImports and getFeedImport for a practice feed's file): the request's body,
// checked as the server checks it (domain/import/upload.ts, domain/feeds/upload.ts), refused while
// its job runs, and imported at once (mocks/import/memberImports.ts, mocks/feeds/feedImports.ts). The
// run is its job's, in the Crons modal as on the server; a run of the job that was no upload (the
// demo's history, a re-run) is answered from its log.
import { HttpResponse } from "msw";
import type { components } from "../../contract/schema";
import type { CronRecord } from "../../demo/records.ts";
import { HttpError, invalidRequest, type FieldProblem } from "../../contract/errors.ts";
import type { TextFacts } from "../../domain/import/uploadedText.ts";
import { FEED_RUNS_LISTED, feedBodyProblems, feedOfUpload, feedsImportRunning, feedTargetProblems } from "../../domain/feeds/upload.ts";
import { brandOfUpload, importRunning, uploadBodyProblems, uploadTargetProblems } from "../../domain/import/upload.ts";
import { FEEDS_JOB, JOBS } from "../../domain/jobs.ts";
import { createApi } from "../api";
import type { MockDb } from "../db/createMockDb";
import { importFeedFile } from "../feeds/feedImports";
import { importMemberFile } from "../import/memberImports";
import { receiveFile, refuseUnlessCsv } from "../import/uploadedFile";
import { settleRerun } from "../jobs/rerun";

type Schemas = components["schemas"];
type Brand = Schemas["Brand"];

const FEEDS_TITLE = JOBS.find((job) => job.key === FEEDS_JOB)!.title;
const memberJobTitle = (brand: string) => `Import ${brand.toUpperCase()} members`;

/** How one kind of upload is checked and run. */
interface UploadRules {
  /** What is wrong with the call's query, before its body is read. */
  targetProblems: FieldProblem[];
  bodyProblems: (facts: TextFacts) => FieldProblem[];
  /** The job whose run imports the file, once the query names it. */
  cronTitle: () => string;
  running: () => string;
  importFile: (cron: CronRecord, content: string, runId: number) => Schemas["MemberImport"] | Schemas["FeedImport"];
}

/** What the server answers of a run that was no upload: its log's outcome, with no counts. */
function runOfLog(cron: CronRecord, id: number) {
  const log = cron.logs.find((candidate) => candidate.id === id);
  if (!log) return undefined;
  const status = log.status === "skipped" ? "failure" : log.status;
  const counts = { bytesRead: 0, bytesTotal: 0, rowsRead: 0, rowsWritten: 0, rowsRejected: 0, rejections: [] };
  return { id, status, file: "", startedAt: log.startTime, endedAt: log.endTime, message: log.message, ...counts };
}

export function fileUploadsHandlers(db: MockDb) {
  const api = createApi(db);
  const nextLogId = () => db.crons.reduce((max, cron) => Math.max(max, ...cron.logs.map((log) => log.id)), 0) + 1;
  const cronTitled = (title: string) => {
    const cron = db.crons.find((candidate) => candidate.title === title);
    if (!cron) throw new Error(`there is no job ${title}`);
    return cron;
  };
  /** The job, its re-run ended if its time is up. */
  const settledCron = (title: string) => {
    const cron = cronTitled(title);
    settleRerun(cron, db.now());
    return cron;
  };

  /** The one path of every upload: 415, 400 for the query, then for the body, 409 while the job runs, then the run (202). */
  async function accept(request: Request, rules: UploadRules) {
    refuseUnlessCsv(request);
    if (rules.targetProblems.length > 0) throw invalidRequest(rules.targetProblems);
    const { content, facts } = await receiveFile(request);
    const refused = rules.bodyProblems(facts);
    if (refused.length > 0) throw invalidRequest(refused);
    const cron = cronTitled(rules.cronTitle());
    if (settleRerun(cron, db.now())) throw new HttpError(409, rules.running());
    return HttpResponse.json(rules.importFile(cron, content, nextLogId()), { status: 202 });
  }

  const memberJobs = () => db.crons.filter((candidate) => /^Import \w+ members$/.test(candidate.title)).map((cron) => settledCron(cron.title));
  const feedRun = (id: number) => {
    const uploaded = db.feedImports.get(id);
    if (uploaded) return uploaded;
    const logged = runOfLog(settledCron(FEEDS_TITLE), id);
    return logged && { ...logged, status: logged.status as Schemas["FeedImport"]["status"], feed: null };
  };
  const memberRun = (id: number) => {
    const uploaded = db.memberImports.get(id);
    if (uploaded) return uploaded;
    for (const cron of memberJobs()) {
      const logged = runOfLog(cron, id);
      if (logged) return { ...logged, status: logged.status as Schemas["MemberImport"]["status"], brand: cron.title.split(" ")[1]!.toLowerCase() as Brand };
    }
    return undefined;
  };

  return [
    api.post("/Members/imports", async ({ request, query: target }) => {
      const practiceKnown = target.practice === undefined || db.practices.some((practice) => practice.practiceabbr.toUpperCase() === target.practice!.trim().toUpperCase());
      const brand = brandOfUpload(target) as Brand;
      return accept(request, {
        targetProblems: uploadTargetProblems(target, practiceKnown),
        bodyProblems: (facts) => uploadBodyProblems(target, facts),
        cronTitle: () => memberJobTitle(brand),
        running: () => importRunning(brand),
        importFile: (cron, content, runId) => {
          const extractedAt = target.extractedAt ? new Date(target.extractedAt) : db.now();
          return importMemberFile(db, cron, { fileName: target.fileName, content, brand, practice: target.practice, extractedAt }, runId);
        },
      });
    }),

    api.get("/Members/imports/{id}", ({ path }) => {
      const run = memberRun(path.id);
      if (!run) throw new HttpError(404, "No such members import");
      return HttpResponse.json(run);
    }),

    api.post("/Feeds/imports", async ({ request, query: target }) =>
      accept(request, {
        targetProblems: feedTargetProblems(target),
        bodyProblems: (facts) => feedBodyProblems(target, facts),
        cronTitle: () => FEEDS_TITLE,
        running: () => feedsImportRunning,
        importFile: (cron, content, runId) => importFeedFile(db, cron, { feed: feedOfUpload(target)!, fileName: target.fileName, content }, runId),
      }),
    ),

    api.get("/Feeds/imports", () => {
      const runs = settledCron(FEEDS_TITLE)
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
