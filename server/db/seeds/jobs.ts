// The mock's run history of the scheduled jobs (mocks/db/jobs.ts), so the Crons modal shows the same
// runs on the server. The jobs themselves come with migration 0009; their texts must be the mock's.
import type { Kysely } from "kysely";
import type { Database } from "../database.ts";
import { insertChunked, resetIdentity, type DemoWorld } from "../seed.ts";

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
