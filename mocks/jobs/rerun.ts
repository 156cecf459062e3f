// Re-running a job in the fake backend. Nothing really runs: a re-run is a `running` log entry
// that ends once RERUN_SECONDS of the mock clock have passed since it started: skipped, saying why,
// for a job whose integration a server with the default settings lacks (domain/jobs.ts), a success
// otherwise. It is settled when the jobs are next read or re-run, so a test with a fixed clock sees
// it running and the browser, whose clock moves, sees it finish a few seconds later.
import type { CronRecord } from "../../demo/records.ts";
import { DEFAULT_SETTINGS, JOBS, missingIntegration } from "../../domain/jobs.ts";
import { compareText } from "../../domain/order.ts";

export const RERUN_SECONDS = 5;
const NOT_RUNNING = "0";

type CronLog = CronRecord["logs"][number];

/** What the job lacks on a server started with the defaults, which the fake backend stands for. */
const missingOf = (cron: CronRecord) => {
  const key = JOBS.find((job) => job.id === cron.id)?.key;
  return key ? missingIntegration(key, DEFAULT_SETTINGS) : undefined;
};

/** Ends the job's re-run if its time is up; true while the job is still running. */
export function settleRerun(cron: CronRecord, now: Date): boolean {
  if (cron.reRun === NOT_RUNNING) return false;
  const run = cron.logs.find((log) => log.status === "running");
  if (!run) {
    cron.reRun = NOT_RUNNING;
    return false;
  }
  const endsAt = new Date(run.startTime).getTime() + RERUN_SECONDS * 1000;
  if (now.getTime() < endsAt) return true;
  const missing = missingOf(cron);
  run.status = missing ? "skipped" : "success";
  run.endTime = new Date(endsAt).toISOString();
  run.message = `${run.message}: ${missing ? missing.skipped : `finished after ${RERUN_SECONDS} s, no new data since the last scheduled run`}`;
  cron.reRun = NOT_RUNNING;
  return false;
}

/** Starts a re-run: a new newest log entry, and `reRun` naming it. The caller checks it is not running. */
export function startRerun(cron: CronRecord, { id, now, startedBy }: { id: number; now: Date; startedBy: string }): CronLog {
  const run: CronLog = {
    id,
    startTime: now.toISOString(),
    endTime: null,
    status: "running",
    message: `Re-run started by ${startedBy}`,
  };
  cron.logs.unshift(run);
  cron.reRun = String(id);
  return run;
}

/** The job as the API answers it: its last 20 runs, newest first. */
export function toCronAnswer(cron: CronRecord): CronRecord {
  const logs = [...cron.logs]
    .sort((a, b) => compareText(b.startTime, a.startTime) || b.id - a.id)
    .slice(0, 20)
    .map(({ id, startTime, endTime, status, message }) => ({ id, startTime, endTime, status, message }));
  const { id, title, description, cronTime, reRun } = cron;
  const missing = missingOf(cron);
  return { id, title, description, cronTime, reRun, ...(missing ? { notConfigured: missing.notConfigured } : {}), logs };
}
