// Honest jobs and member files from the browser: a run may end `skipped` (its integration is not
// configured: nothing was done, and the message says what is missing), and a members import run
// keeps the file it read and how far it has read it, so an administrator's upload shows its
// progress while it runs.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE job_runs DROP CONSTRAINT job_runs_status_check`.execute(db);
  await sql`ALTER TABLE job_runs ADD CONSTRAINT job_runs_status_check CHECK (status in ('running', 'success', 'failure', 'skipped'))`.execute(db);
  await db.schema
    .alterTable("job_runs")
    // The member file of an import run (an upload or the command); null for other runs and the inbox's.
    .addColumn("file", "text")
    .addColumn("bytes_read", "bigint")
    .addColumn("bytes_total", "bigint")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("job_runs").dropColumn("file").dropColumn("bytes_read").dropColumn("bytes_total").execute();
  await sql`DELETE FROM job_runs WHERE status = 'skipped'`.execute(db);
  await sql`ALTER TABLE job_runs DROP CONSTRAINT job_runs_status_check`.execute(db);
  await sql`ALTER TABLE job_runs ADD CONSTRAINT job_runs_status_check CHECK (status in ('running', 'success', 'failure'))`.execute(db);
}
