// The scheduled jobs of this instance (server/main.ts starts it; SCHEDULER=off or NODE_ENV=test
// leaves it off). Each job of the `jobs` table runs on its cron expression in the practice group's
// time zone (croner). Every instance may run a scheduler: a job's lock (lock.ts) lets one of them
// run each occurrence. Re-runs are rows in job_runs that any scheduler takes up: this instance's at
// once (wakeScheduler), the others' within QUEUE_PATTERN. Given the file store, it also removes
// abandoned uploads every hour.
import { Cron } from "croner";
import type { Kysely } from "kysely";
import type { Database, JobsTable } from "../db/database.ts";
import type { FileStore } from "../files/fileStore.ts";
import { removeAbandonedUploads } from "../import/abandonedUploads.ts";
import { JOB_RUNNERS } from "./catalog.ts";
import { scheduleOf } from "./integrations.ts";
import { executeJob, type JobServices } from "./runner.ts";
import { jobsWithRunningRuns, listJobs } from "./runs.repository.ts";

export interface ScheduleTimer {
  stop: () => void;
}

/** Calls `tick` at the times of a cron expression (croner); tests pass one that they fire themselves. */
export type CreateTimer = (pattern: string, timezone: string, tick: () => void) => ScheduleTimer;

const cronerTimer: CreateTimer = (pattern, timezone, tick) => new Cron(pattern, { timezone, protect: true }, tick);

/** Every 10 seconds: re-runs asked of another instance, and runs of instances that died. */
export const QUEUE_PATTERN = "*/10 * * * * *";
/** Every hour: the files of uploads a server death cut off (server/import/abandonedUploads.ts). */
export const ABANDONED_UPLOADS_PATTERN = "0 41 * * * *";

export interface SchedulerOptions {
  createTimer?: CreateTimer;
  now?: () => Date;
}

const wakers = new WeakMap<Kysely<Database>, () => void>();

/** Takes up the re-runs just requested, if this process runs a scheduler on that database. */
export function wakeScheduler(db: Kysely<Database>): void {
  wakers.get(db)?.();
}

/** Errors of the scheduler itself (a run's own errors are in its log); messages only, no data. */
const report = (error: unknown) => console.error(`scheduler: ${(error as Error).message ?? String(error)}`);

/** Starts the jobs' schedules; the returned function stops them and waits for runs in progress (interrupted). */
export function startScheduler(services: JobServices & { files?: FileStore }, options: SchedulerOptions = {}): () => Promise<void> {
  if (!services.config.schedulerEnabled) return async () => {};
  const { db } = services;
  const createTimer = options.createTimer ?? cronerTimer;
  const timezone = services.config.reportTimeZone;
  const stopping = new AbortController();
  const inFlight = new Set<Promise<unknown>>();
  const timers: ScheduleTimer[] = [];
  const jobsById = new Map<number, JobsTable>();

  const track = (work: Promise<unknown>) => {
    const tracked = work.catch(report).finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  };
  const run = (job: JobsTable | undefined, trigger: "schedule" | "rerun") => {
    const runner = job && JOB_RUNNERS[job.key];
    if (!job || !runner || stopping.signal.aborted) return;
    track(executeJob(services, job.id, { trigger, runner, signal: stopping.signal, now: options.now }));
  };
  const runQueued = async () => {
    for (const jobId of await jobsWithRunningRuns(db)) run(jobsById.get(jobId), "rerun");
  };

  const ready = (async () => {
    for (const job of await listJobs(db)) {
      if (!JOB_RUNNERS[job.key]) {
        report(new Error(`job ${job.key} has no runner in server/jobs/catalog.ts: not scheduled`));
        continue;
      }
      jobsById.set(job.id, job);
      timers.push(createTimer(scheduleOf(job, services.config), timezone, () => run(job, "schedule")));
    }
    timers.push(createTimer(QUEUE_PATTERN, timezone, () => track(runQueued())));
    const { files } = services;
    if (files) timers.push(createTimer(ABANDONED_UPLOADS_PATTERN, timezone, () => track(removeAbandonedUploads({ db, files }, (options.now ?? (() => new Date()))()))));
    wakers.set(db, () => track(runQueued()));
    await runQueued();
  })();
  track(ready);

  return async () => {
    wakers.delete(db);
    await ready.catch(() => undefined);
    for (const timer of timers) timer.stop();
    stopping.abort(new Error("the server stopped"));
    while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
  };
}
