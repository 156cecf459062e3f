// One run of a job, whoever starts it (a schedule, an administrator's re-run, the import command,
// an administrator's upload): under the job's lock, claimed in job_runs, its progress and rejected
// rows logged, and finished as success, failure or skipped (its integration is not configured)
// with a message. A run that throws fails with the error's message; one
// aborted (the server stopping) fails as interrupted, and the next run picks up its work again,
// unless its runner can go on later: it answers `interrupted`, and the run stays `running` until it
// is resumed (an uploaded member file at the next start: server/import/uploads.ts).
import type { Services } from "../services.ts";
import { withJobLock } from "./lock.ts";
import { claimRun, finishRun, recordProgress, recordRejections, resumeRun, type ClaimedRun, type NewRun, type Rejection, type ResumedCounts, type RunCounts } from "./runs.repository.ts";
import type { Kysely } from "kysely";
import type { Database, JobRunsTable } from "../db/database.ts";

/** What jobs need of the server's services (the import command has no more). */
export type JobServices = Pick<Services, "db" | "config">;

export interface RunContext {
  services: JobServices;
  runId: number;
  /** Aborted when the server stops: end at the next safe point by throwing signal.reason. */
  signal: AbortSignal;
  now: () => Date;
  /** `within`: the transaction of the work these counts describe, so that both commit together. */
  progress: (message: string, counts?: RunCounts, within?: Kysely<Database>) => Promise<void>;
  reject: (file: string, rejections: Rejection[], within?: Kysely<Database>) => Promise<void>;
  /** What a resumed run had done before it stopped; undefined for a new run. */
  resumed?: ResumedCounts;
}

export interface RunOutcome {
  /**
   * skipped: nothing was done because what the job needs is not configured (the message says what).
   * interrupted: stopped by the server stopping, to be resumed; the run stays `running`.
   */
  status: "success" | "failure" | "skipped" | "interrupted";
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
  /**
   * Called once the run is claimed, before the runner: an upload keeps its file, then answers with
   * the run's id. A throw fails the run without running it.
   */
  onClaimed?: (runId: number) => Promise<void> | void;
  /** Take up this run, left `running` by a server that stopped, instead of starting another. */
  resume?: number;
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
    const run: ClaimedRun | undefined =
      options.resume === undefined ? await claimRun(db, jobId, options.trigger, now(), options.details) : await resumeRun(db, jobId, options.resume, now());
    if (!run) return { ran: false, reason: "nothing queued" };
    const context: RunContext = {
      services,
      runId: run.id,
      signal,
      now,
      progress: (message, counts, within = db) => recordProgress(within, run.id, message, counts),
      reject: (file, rejections, within = db) => recordRejections(within, run.id, file, rejections),
      resumed: run.resumed,
    };
    let outcome: RunOutcome;
    try {
      await options.onClaimed?.(run.id);
      outcome = await options.runner(context);
    } catch (error) {
      outcome = failureOf(error, signal);
    }
    const { status } = outcome;
    if (status === "interrupted") {
      await recordProgress(db, run.id, outcome.message, outcome.counts);
      return { ran: true, runId: run.id, outcome };
    }
    const message = run.requestMessage ? `${run.requestMessage}: ${outcome.message}` : outcome.message;
    await finishRun(db, run.id, { status, message, counts: outcome.counts }, now());
    return { ran: true, runId: run.id, outcome: { ...outcome, message } };
  });
  return locked.ran ? locked.value : { ran: false, reason: "locked" };
}
