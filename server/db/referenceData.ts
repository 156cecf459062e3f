// Reference data that is code, written into the database at every start so the tables follow the
// code: the jobs of domain/jobs.ts (their runs refer to them by id). Every instance may do this at
// once: each row is written whole, so the last writer leaves the same rows.
import { sql, type Kysely } from "kysely";
import { cronTimeOf, JOBS } from "../../domain/jobs.ts";
import type { Database } from "./database.ts";

export async function writeReferenceData(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto("jobs")
    .values(JOBS.map((job) => ({ id: job.id, key: job.key, title: job.title, description: job.description, cron_time: cronTimeOf(job) })))
    .onConflict((conflict) =>
      conflict.column("id").doUpdateSet({
        key: sql`excluded.key`,
        title: sql`excluded.title`,
        description: sql`excluded.description`,
        cron_time: sql`excluded.cron_time`,
      }),
    )
    .execute();
}
