// Scheduled jobs and their run history (the Crons modal, openapi.yaml tag jobs), and the rows each
// members import rejected. The jobs themselves are reference data, written from domain/jobs.ts at
// every start (server/db/referenceData.ts); what each one does is code (server/jobs/catalog.ts).
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("jobs")
    .addColumn("id", "integer", (col) => col.primaryKey())
    .addColumn("key", "text", (col) => col.notNull().unique())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull())
    // Five fields, in the practice group's time zone (REPORT_TIME_ZONE).
    .addColumn("cron_time", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("job_runs")
    .addColumn("id", "integer", (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn("job_id", "integer", (col) => col.notNull().references("jobs.id"))
    // schedule, rerun (an administrator's request) or command (npm run import).
    .addColumn("trigger", "text", (col) => col.notNull())
    .addColumn("requested_by", "integer", (col) => col.references("users.id"))
    .addColumn("started_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    // Null while a re-run waits for an instance to take it up; set by the instance that runs it.
    .addColumn("claimed_at", "timestamptz")
    .addColumn("ended_at", "timestamptz")
    .addColumn("status", "text", (col) => col.notNull().check(sql`status in ('running', 'success', 'failure')`))
    .addColumn("message", "text", (col) => col.notNull().defaultTo(""))
    // Imports: rows read, written (inserted or updated) and rejected so far.
    .addColumn("rows_read", "integer")
    .addColumn("rows_written", "integer")
    .addColumn("rows_rejected", "integer")
    .addCheckConstraint("job_runs_ended_when_done", sql`(status = 'running') = (ended_at is null)`)
    .execute();
  // The Crons modal: each job's last 20 runs, newest first.
  await sql`CREATE INDEX job_runs_job_newest_idx ON job_runs (job_id, started_at DESC, id DESC)`.execute(db);
  // One run of a job at a time, whichever instance asks (a second re-run answers 409).
  await sql`CREATE UNIQUE INDEX job_runs_one_running_idx ON job_runs (job_id) WHERE status = 'running'`.execute(db);

  await db.schema
    .createTable("job_run_rejections")
    .addColumn("run_id", "integer", (col) => col.notNull().references("job_runs.id").onDelete("cascade"))
    .addColumn("file", "text", (col) => col.notNull())
    // The row's line in the file (the header is line 1).
    .addColumn("line", "integer", (col) => col.notNull())
    .addColumn("reason", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("job_run_rejections_pkey", ["run_id", "file", "line"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["job_run_rejections", "job_runs", "jobs"]) await db.schema.dropTable(table).execute();
}
