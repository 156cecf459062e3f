// One run of a job, whoever starts it (a schedule, an administrator's re-run, the import command,
// an administrator's upload): under the job's lock, claimed in job_runs, its progress and rejected
// rows logged, and finished as success, failure or skipped (its integration is not configured)
// with a message. A run that throws fails with the error's message; one
// aborted (the server stopping) fails as interrupted, and the next run picks up its work again.
import type { Services } from "../services.ts";
import { withJobLock } from "./lock.ts";
import { claimRun, finishRun, recordProgress, recordRejections, type NewRun, type Rejection, type RunCounts } from "./runs.repository.ts";
import type { JobRunsTable } from "../db/database.ts";

/** What jobs need of the server's services (the import command has no more). */
export type JobServices = Pick<Services, "db" | "config">;

export interface RunContext {
  services: JobServices;
  runId: number;
  /** Aborted when the server stops: end at the next safe point by throwing signal.reason. */
  signal: AbortSignal;
  now: () => Date;
  progress: (message: string, counts?: RunCounts) => Promise<void>;
  reject: (file: string, rejections: Rejection[]) => Promise<void>;
}

export interface RunOutcome {
  /** skipped: nothing was done because what the job needs is not configured (the message says what). */
  status: "success" | "failure" | "skipped";
  message: string;
  counts?: RunCounts;
}

export type JobRunner = (context: RunContext) => Promise<RunOutcome>;

export interface RunOptions {
  trigger: JobRunsTable["trigger"];
  runner: JobRunner;
  signal?: AbortSignal;
  now?: () => Date;
  /** Who asked for a new run and of which file (an upload), written when the run is claimed. */
  details?: NewRun;
  /** Called once the run is claimed, before it does anything: an upload answers with the run's id. */
  onClaimed?: (runId: number) => void;
}

export type RunResult = { ran: true; runId: number; outcome: RunOutcome } | { ran: false; reason: "locked" | "nothing queued" };

const failureOf = (error: unknown, signal: AbortSignal): RunOutcome => ({
  status: "failure",
  message: signal.aborted ? "Failed: interrupted (the server stopped); the next run starts over" : `Failed: ${(error as Error).message ?? String(error)}`,
});

export async function executeJob(services: JobServices, jobId: number, options: RunOptions): Promise<RunResult> {
  const { db } = services;
  const now = options.now ?? (() => new Date());
  const signal = options.signal ?? new AbortController().signal;
  const locked = await withJobLock(db, jobId, async (): Promise<RunResult> => {
    const run = await claimRun(db, jobId, options.trigger, now(), options.details);
    if (!run) return { ran: false, reason: "nothing queued" };
    options.onClaimed?.(run.id);
    const context: RunContext = {
      services,
      runId: run.id,
      signal,
      now,
      progress: (message, counts) => recordProgress(db, run.id, message, counts),
      reject: (file, rejections) => recordRejections(db, run.id, file, rejections),
    };
    let outcome: RunOutcome;
    try {
      outcome = await options.runner(context);
    } catch (error) {
      outcome = failureOf(error, signal);
    }
    if (run.requestMessage) outcome = { ...outcome, message: `${run.requestMessage}: ${outcome.message}` };
    await finishRun(db, run.id, outcome, now());
    return { ran: true, runId: run.id, outcome };
  });
  return locked.ran ? locked.value : { ran: false, reason: "locked" };
}
