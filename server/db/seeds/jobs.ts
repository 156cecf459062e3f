// The demo world's past runs of the scheduled jobs (the Crons modal). The jobs themselves are
// reference data (server/db/referenceData.ts).
import type { Kysely } from "kysely";
import type { Database } from "../database.ts";
import type { DemoWorld } from "../../../demo/world.ts";
import { insertChunked, resetIdentity } from "../bulkWrite.ts";

export async function seedJobs(trx: Kysely<Database>, world: DemoWorld): Promise<void> {
  const runs = world.crons.flatMap((cron) =>
    cron.logs.map((log) => ({
      id: log.id,
      job_id: cron.id,
      trigger: "schedule" as const,
      started_at: log.startTime,
      claimed_at: log.startTime,
      ended_at: log.endTime,
      status: log.status,
      message: log.message,
    })),
  );
  await insertChunked(runs, (chunk) => trx.insertInto("job_runs").values(chunk).execute());
  await resetIdentity(trx, "job_runs");
}
