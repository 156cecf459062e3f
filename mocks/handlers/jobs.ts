// Scheduled jobs and their run history (tag jobs); re-running one is for administrators (the
// wrapper answers 403 to other staff).
import { HttpError } from "../../contract/errors.ts";
import { HttpResponse } from "msw";
import { caller, createApi } from "../api";
import type { MockDb } from "../db/createMockDb";
import { settleRerun, startRerun, toCronAnswer } from "../jobs/rerun";
import { compareText } from "../../domain/order.ts";

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
  ];
}
