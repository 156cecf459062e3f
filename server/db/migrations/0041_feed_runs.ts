// Which practice feed a run of the feeds import read: an upload names it whatever the file is
// called, so the run's file name alone cannot tell. Null for the inbox's runs (several files) and
// for every other job.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE job_runs ADD COLUMN feed text
      CHECK (feed IN ('appointments', 'deleted-appointments', 'planned-treatment', 'leads'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE job_runs DROP COLUMN feed`.execute(db);
}
