// The jobs and their runs in the database: the Crons modal's answer, re-run requests, and a run's
// life from claimed to finished. A run is `running` from the moment it is requested or claimed;
// the partial unique index job_runs_one_running_idx allows one such run per job.
import { sql, type Kysely } from "kysely";
import type { components } from "../../contract/schema.d.ts";
import type { Database, JobRunsTable, JobsTable } from "../db/database.ts";
import { HttpError } from "../../contract/errors.ts";

type Cron = components["schemas"]["Cron"];

/** openapi.yaml getCrons: each job's last 20 runs. */
const LOGS_PER_JOB = 20;
export const ALREADY_RUNNING = "The job is already running";
/** reRun of a job that is not running. */
const NOT_RUNNING = "0";

export interface RunCounts {
  rowsRead: number;
  /** Left as it is when undefined: a file's writers count it themselves (server/import/batchWriters.ts). */
  rowsWritten?: number;
  rowsRejected: number;
  /** A members import's bytes read of its file so far, and the file's size. */
  bytesRead?: number;
  bytesTotal?: number;
}

/** What a run stopped by a server stop had done, and whether it had read its file to the end. */
export interface ResumedCounts extends RunCounts {
  rowsWritten: number;
  fileRead: boolean;
}

/** What a new run records of who asked for it and which file it reads (an upload). */
export interface NewRun {
  requestedBy: number | null;
  file: string | null;
  bytesTotal: number | null;
}

export interface Rejection {
  line: number;
  reason: string;
}

export async function findJob(db: Kysely<Database>, where: { id: number } | { key: string }) {
  const query = db.selectFrom("jobs").selectAll();
  return ("id" in where ? query.where("id", "=", where.id) : query.where("key", "=", where.key)).executeTakeFirst();
}

export async function listJobs(db: Kysely<Database>): Promise<JobsTable[]> {
  return db.selectFrom("jobs").selectAll().execute();
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** Every job by title (code point order, domain/order.ts), ties by id, with its last runs newest first. */
export async function listCrons(db: Kysely<Database>, jobIds?: number[]): Promise<Cron[]> {
  let jobsQuery = db.selectFrom("jobs").selectAll().orderBy(sql`title collate "C"`).orderBy("id");
  if (jobIds) jobsQuery = jobsQuery.where("id", "in", jobIds);
  const jobs = await jobsQuery.execute();
  if (jobs.length === 0) return [];
  const runs = await db
    .selectFrom("jobs as j")
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom("job_runs as r")
          .select(["r.id", "r.started_at", "r.ended_at", "r.status", "r.message"])
          .whereRef("r.job_id", "=", "j.id")
          .orderBy("r.started_at", "desc")
          .orderBy("r.id", "desc")
          .limit(LOGS_PER_JOB)
          .as("r"),
      (join) => join.onTrue(),
    )
    .select(["j.id as job_id", "r.id", "r.started_at", "r.ended_at", "r.status", "r.message"])
    .where(
      "j.id",
      "in",
      jobs.map((job) => job.id),
    )
    .orderBy("j.id")
    .orderBy("r.started_at", "desc")
    .orderBy("r.id", "desc")
    .execute();
  const runsOf = Map.groupBy(runs, (run) => run.job_id);
  return jobs.map((job) => {
    const logs = (runsOf.get(job.id) ?? []).map((run) => ({
      id: run.id,
      startTime: iso(run.started_at),
      endTime: run.ended_at === null ? null : iso(run.ended_at),
      status: run.status,
      message: run.message,
    }));
    const running = logs.find((log) => log.status === "running");
    return {
      id: job.id,
      title: job.title,
      description: job.description,
      cronTime: job.cron_time,
      reRun: running ? String(running.id) : NOT_RUNNING,
      logs,
    };
  });
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === "23505";

/**
 * An administrator's re-run: a `running` run that waits for an instance's scheduler to take it up
 * (any instance: the request may reach one that does not schedule). 404 unknown job, 409 running.
 */
export async function requestRerun(db: Kysely<Database>, jobId: number, requestedBy: { id: number; name: string }): Promise<number> {
  if (!(await findJob(db, { id: jobId }))) throw new HttpError(404, "No such job");
  try {
    const run = await db
      .insertInto("job_runs")
      .values({ job_id: jobId, trigger: "rerun", requested_by: requestedBy.id, status: "running", message: `Re-run started by ${requestedBy.name}` })
      .returning("id")
      .executeTakeFirstOrThrow();
    return run.id;
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, ALREADY_RUNNING);
    throw error;
  }
}

/**
 * The ids of jobs with a run `running`: a re-run no instance has taken up yet, or a run some
 * instance is running, or one whose instance died (which whoever gets the job's lock closes).
 */
export async function jobsWithRunningRuns(db: Kysely<Database>): Promise<number[]> {
  const rows = await db.selectFrom("job_runs").select("job_id").where("status", "=", "running").execute();
  return rows.map((row) => row.job_id);
}

export interface ClaimedRun {
  id: number;
  /** The waiting re-run's message ("Re-run started by …"), which the outcome continues. */
  requestMessage: string | undefined;
  /** A resumed run's counts when it stopped. */
  resumed?: ResumedCounts;
}

/**
 * Called holding the job's lock: takes up again a run that a server left `running` when it
 * stopped (claimed, so no request waits for it); undefined when it has ended meanwhile.
 */
export async function resumeRun(db: Kysely<Database>, jobId: number, runId: number, now: Date): Promise<ClaimedRun | undefined> {
  const run = await db
    .updateTable("job_runs")
    .set({ claimed_at: now })
    .where("id", "=", runId)
    .where("job_id", "=", jobId)
    .where("status", "=", "running")
    .where("claimed_at", "is not", null)
    .returning(["id", "rows_read", "rows_written", "rows_rejected", "bytes_read", "bytes_total", "file_read_at"])
    .executeTakeFirst();
  if (!run) return undefined;
  const resumed = {
    fileRead: run.file_read_at !== null,
    rowsRead: run.rows_read ?? 0,
    rowsWritten: run.rows_written ?? 0,
    rowsRejected: run.rows_rejected ?? 0,
    bytesRead: Number(run.bytes_read ?? 0),
    bytesTotal: Number(run.bytes_total ?? 0),
  };
  return { id: run.id, requestMessage: undefined, resumed };
}

/** A run's counts of rows read and written so far. */
export async function runCounts(db: Kysely<Database>, runId: number): Promise<{ rowsRead: number; rowsWritten: number }> {
  const run = await db.selectFrom("job_runs").select(["rows_read", "rows_written"]).where("id", "=", runId).executeTakeFirstOrThrow();
  return { rowsRead: run.rows_read ?? 0, rowsWritten: run.rows_written ?? 0 };
}

/** The runs of members imports from the browser that a server left `running` when it stopped. */
export async function interruptedUploads(db: Kysely<Database>): Promise<{ id: number; jobId: number }[]> {
  return db
    .selectFrom("job_runs as r")
    .innerJoin("jobs as j", "j.id", "r.job_id")
    .select(["r.id", "r.job_id as jobId"])
    .where("j.key", "like", "import-%")
    .where("r.trigger", "=", "upload")
    .where("r.status", "=", "running")
    .where("r.claimed_at", "is not", null)
    .orderBy("r.id")
    .execute();
}

/**
 * Called holding the job's lock. A claimed run still `running` belongs to an instance that died
 * (it would hold the lock): it is closed as failed. Then a waiting re-run is taken up, or (for a
 * schedule or a command) a new run starts; `undefined` when there is nothing to run.
 */
export async function claimRun(
  db: Kysely<Database>,
  jobId: number,
  trigger: JobRunsTable["trigger"],
  now: Date,
  details?: NewRun,
): Promise<ClaimedRun | undefined> {
  await db
    .updateTable("job_runs")
    .set({ status: "failure", ended_at: now, message: sql`message || ' — interrupted: the server running it stopped'` })
    .where("job_id", "=", jobId)
    .where("status", "=", "running")
    .where("claimed_at", "is not", null)
    .execute();
  const queued = await db
    .updateTable("job_runs")
    .set({ claimed_at: now })
    .where("job_id", "=", jobId)
    .where("status", "=", "running")
    .where("claimed_at", "is", null)
    .returning(["id", "message"])
    .executeTakeFirst();
  if (queued) return { id: queued.id, requestMessage: queued.message };
  if (trigger === "rerun") return undefined;
  const started = await db
    .insertInto("job_runs")
    .values({
      job_id: jobId,
      trigger,
      status: "running",
      started_at: now,
      claimed_at: now,
      message: "Running",
      requested_by: details?.requestedBy ?? null,
      file: details?.file ?? null,
      bytes_total: details?.bytesTotal ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: started.id, requestMessage: undefined };
}

const countsOf = (counts: RunCounts | undefined) =>
  counts
    ? {
        rows_read: counts.rowsRead,
        ...(counts.rowsWritten === undefined ? {} : { rows_written: counts.rowsWritten }),
        rows_rejected: counts.rowsRejected,
        ...(counts.bytesRead === undefined ? {} : { bytes_read: counts.bytesRead }),
        ...(counts.bytesTotal === undefined ? {} : { bytes_total: counts.bytesTotal }),
      }
    : {};

/** What a running run has done so far (the Crons modal shows the message while it runs). */
export async function recordProgress(db: Kysely<Database>, runId: number, message: string, counts?: RunCounts): Promise<void> {
  await db.updateTable("job_runs").set({ message, ...countsOf(counts) }).where("id", "=", runId).execute();
}

export async function finishRun(
  db: Kysely<Database>,
  runId: number,
  outcome: { status: "success" | "failure" | "skipped"; message: string; counts?: RunCounts },
  now: Date,
): Promise<void> {
  await db
    .updateTable("job_runs")
    .set({ status: outcome.status, message: outcome.message, ended_at: now, ...countsOf(outcome.counts) })
    .where("id", "=", runId)
    .execute();
}

export async function recordRejections(db: Kysely<Database>, runId: number, file: string, rejections: Rejection[]): Promise<void> {
  if (rejections.length === 0) return;
  await db
    .insertInto("job_run_rejections")
    .values(rejections.map(({ line, reason }) => ({ run_id: runId, file, line, reason })))
    .execute();
}

/** The first `limit` rows a run refused, by line. */
export async function firstRejections(db: Kysely<Database>, runId: number, limit: number): Promise<Rejection[]> {
  return db
    .selectFrom("job_run_rejections")
    .select(["line", "reason"])
    .where("run_id", "=", runId)
    .orderBy("line")
    .limit(limit)
    .execute();
}
