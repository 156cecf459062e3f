// The jobs tag (openapi.yaml): the Crons modal's list, and an administrator's re-run (the app
// answers 403 to other staff before this runs).
import type { components } from "../../contract/schema.d.ts";
import { JOBS, missingIntegration } from "../../domain/jobs.ts";
import type { ServerConfig } from "../config.ts";
import { callerOf, type Handlers } from "../handlers.ts";
import { configuredSettings, scheduleOf } from "./integrations.ts";
import { listCrons, requestRerun } from "./runs.repository.ts";
import { wakeScheduler } from "./scheduler.ts";

type Cron = components["schemas"]["Cron"];

/** Each job with the note of the integration it lacks on this server, if any (its runs are skipped). */
function withNotes(crons: Cron[], config: ServerConfig): Cron[] {
  const configured = configuredSettings(config);
  return crons.map((cron) => {
    const key = JOBS.find((job) => job.id === cron.id)?.key;
    const missing = key ? missingIntegration(key, configured) : undefined;
    const scheduled = key ? { ...cron, cronTime: scheduleOf({ key, cron_time: cron.cronTime }, config) } : cron;
    return missing ? { ...scheduled, notConfigured: missing.notConfigured } : scheduled;
  });
}

export const jobsHandlers: Handlers = {
  async getCrons({ services }) {
    return withNotes(await listCrons(services.db), services.config);
  },

  async rerunCron(call) {
    const { db } = call.services;
    const { user } = callerOf(call);
    const jobId = call.path.id;
    await requestRerun(db, jobId, { id: user.id, name: `${user.firstname} ${user.lastname}` });
    // The answer shows the run waiting; read before this instance's scheduler may already finish it.
    const [job] = withNotes(await listCrons(db, [jobId]), call.services.config);
    wakeScheduler(db);
    call.reply.code(202);
    // 202 is not among the success answers the handler type knows (200, 201).
    return job as never;
  },
};
