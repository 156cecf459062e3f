// The jobs tag (openapi.yaml): the Crons modal's list, and an administrator's re-run (the app
// answers 403 to other staff before this runs).
import { callerOf, type Handlers } from "../handlers.ts";
import { listCrons, requestRerun } from "./runs.repository.ts";
import { wakeScheduler } from "./scheduler.ts";

export const jobsHandlers: Handlers = {
  async getCrons({ services }) {
    return listCrons(services.db);
  },

  async rerunCron(call) {
    const { db } = call.services;
    const { user } = callerOf(call);
    const jobId = call.path.id;
    await requestRerun(db, jobId, { id: user.id, name: `${user.firstname} ${user.lastname}` });
    // The answer shows the run waiting; read before this instance's scheduler may already finish it.
    const [job] = await listCrons(db, [jobId]);
    wakeScheduler(db);
    call.reply.code(202);
    // 202 is not among the success answers the handler type knows (200, 201).
    return job as never;
  },
};
