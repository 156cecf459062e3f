// Reference data that is code, written into the database at every start so the tables follow the
// code: the jobs of domain/jobs.ts (their runs refer to them by id), and the results that say a
// person was reached (domain/vocabulary.ts CONTACTED_RESULTS), which the campaigns' kept progress
// counts by (migration 0061). Every instance may do this at once: each job row is written whole,
// so the last writer leaves the same rows; the results are compared and rewritten under a lock.
import { sql, type Kysely } from "kysely";
import { cronTimeOf, JOBS } from "../../domain/jobs.ts";
import { CONTACTED_RESULTS } from "../../domain/vocabulary.ts";
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
  await keepContactedResults(db);
}

const sameResults = (held: readonly string[]) => held.length === CONTACTED_RESULTS.length && CONTACTED_RESULTS.every((result) => held.includes(result));
const contactedHeld = async (db: Kysely<Database>) => (await db.selectFrom("contacted_results").select("result").execute()).map((row) => row.result);

/**
 * Makes the database's reached results the code's, and counts every campaign's progress again
 * when they changed: its "reached" figures were counted by the old list. The kept counts are
 * locked first so that a save counted meanwhile is either in the history counted again or added
 * after, by the new list.
 */
async function keepContactedResults(db: Kysely<Database>): Promise<void> {
  if (sameResults(await contactedHeld(db))) return;
  await db.transaction().execute(async (trx) => {
    await sql`LOCK TABLE contacted_results, campaign_member_marks, campaign_progress_counts IN EXCLUSIVE MODE`.execute(trx);
    if (sameResults(await contactedHeld(trx))) return;
    await trx.deleteFrom("contacted_results").execute();
    await trx.insertInto("contacted_results").values(CONTACTED_RESULTS.map((result) => ({ result }))).execute();
    await sql`SELECT campaign_progress_count_again(NULL)`.execute(trx);
  });
}
