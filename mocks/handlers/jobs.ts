// Scheduled jobs and their run history (tag jobs); re-running one is for administrators (the
// wrapper answers 403 to other staff), and so is the report of a run of "Import call recordings".
// The fake backend stands for a server with the default settings: no phone system's place, so its
// recordings imports are skipped, read nothing and refuse nothing.
import { HttpError } from "../../contract/errors.ts";
import { HttpResponse } from "msw";
import { caller, createApi } from "../api";
import type { MockDb } from "../db/createMockDb";
import { settleRerun, startRerun, toCronAnswer } from "../jobs/rerun";
import { compareText } from "../../domain/order.ts";
import { JOBS } from "../../domain/jobs.ts";
import { foundNothing } from "../../domain/recordings/importReport.ts";

const RECORDINGS_IMPORT_JOB = JOBS.find((job) => job.key === "import-recordings")!.id;

export function jobsHandlers(db: MockDb) {
  const api = createApi(db);
  const nextLogId = () => db.crons.reduce((max, cron) => Math.max(max, ...cron.logs.map((log) => log.id)), 0) + 1;

  return [
    api.get("/Members/crons", () => {
      for (const cron of db.crons) settleRerun(cron, db.now());
      const jobs = [...db.crons].sort((a, b) => compareText(a.title, b.title) || a.id - b.id);
      return HttpResponse.json(jobs.map(toCronAnswer));
    }),

    api.post("/Members/crons/{id}/rerun", (context) => {
      const cron = db.crons.find((candidate) => candidate.id === context.path.id);
      if (!cron) throw new HttpError(404, "No such job");
      if (settleRerun(cron, db.now())) throw new HttpError(409, "The job is already running");
      const { user } = caller(context);
      startRerun(cron, { id: nextLogId(), now: db.now(), startedBy: `${user.firstname} ${user.lastname}` });
      return HttpResponse.json(toCronAnswer(cron), { status: 202 });
    }),

    api.get("/call-recordings/imports/{id}", ({ path }) => {
      const cron = db.crons.find((candidate) => candidate.id === RECORDINGS_IMPORT_JOB);
      if (cron) settleRerun(cron, db.now());
      const run = cron?.logs.find((log) => log.id === path.id);
      if (!run) throw new HttpError(404, "No such run of Import call recordings");
      const { id, status, startTime, endTime, message } = run;
      return HttpResponse.json({
        id,
        status,
        startedAt: startTime,
        endedAt: endTime,
        message,
        rowsRead: 0,
        rowsWritten: 0,
        rowsRejected: 0,
        foundNothing: foundNothing(status, 0),
        refusals: [],
      });
    }),
  ];
}
