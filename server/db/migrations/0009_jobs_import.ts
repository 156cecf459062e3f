// Scheduled jobs and their run history (the Crons modal, openapi.yaml tag jobs), and the rows each
// members import rejected. The jobs themselves are reference data: what each one does is code
// (server/jobs/catalog.ts, matched by `key`); their texts are the mock's (mocks/db/jobDefinitions.ts).
import { sql, type Kysely } from "kysely";

const IMPORT_DESCRIPTION = (brand: string) =>
  `Reads the ${brand} eligibility file (CSV) from the payer's SFTP drop, validates every row, upserts members by ` +
  "subscriber id and practice and stamps Days_Extracted. Rejected rows are listed in the run log; no row is dropped silently.";

/** Ids in the mock's order, so the demo history and the mock's agree on them. */
const JOBS = [
  { id: 1, key: "import-denta", title: "Import DENTA members", cron_time: "0 5 * * *", description: IMPORT_DESCRIPTION("DENTA") },
  { id: 2, key: "import-mcna", title: "Import MCNA members", cron_time: "15 5 * * *", description: IMPORT_DESCRIPTION("MCNA") },
  { id: 3, key: "import-uhc", title: "Import UHC members", cron_time: "30 5 * * *", description: IMPORT_DESCRIPTION("UHC") },
  { id: 4, key: "import-tmhp", title: "Import TMHP members", cron_time: "0 6 * * 1", description: IMPORT_DESCRIPTION("TMHP") },
  {
    id: 5,
    key: "refresh-statuses",
    title: "Refresh recare statuses",
    cron_time: "0 2 * * *",
    description:
      "Nightly: recomputes every member's status (New Patient, New Patient With Apt, Recare Future Appointment, " +
      "Recare No Future Appointment, Dropped Patient) from the practices' schedules and visits.",
  },
  {
    id: 6,
    key: "export-reminders",
    title: "Export appointment reminders",
    cron_time: "0 17 * * 1-5",
    description: "Weekdays at 17:00: sends the next working day's appointments to the reminder service (SMS and voice calls).",
  },
  {
    id: 7,
    key: "send-status-report",
    title: "Send members status report",
    cron_time: "0 7 * * 1",
    description: "Mondays at 7:00: e-mails the members status report of the past week to the practice managers.",
  },
];

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
  await (db as Kysely<{ jobs: (typeof JOBS)[number] }>).insertInto("jobs").values(JOBS).execute();

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
