// The past runs of the scheduled jobs (the Crons modal): 5 to 20 per job, on its schedule, each
// with its log. Every job that ran shows a failure (the skipped ones never ran); the latest DENTA import failed (the current downtime of
// the Members application, demo/jobs/openIssues.ts).
import type { Faker } from "@faker-js/faker";
import { zonedHour } from "../../domain/calendar.ts";
import { cronTimeOf, JOBS, type Job } from "../../domain/jobs.ts";
import type { CronRecord, World } from "../records.ts";
import { HOUR_MS, toIsoInstant, zonedDaysAround, type ZonedDay } from "../time/zonedDays.ts";
import { RUNS } from "./runMessages.ts";

type CronLog = CronRecord["logs"][number];

const MIN_RUNS = 5;
const MAX_RUNS = 20;
export const FAILED_IMPORT = "import-denta";

/** The instant the zone's clocks show hour:minute on that day (days of a DST change have 23 or 25 hours). */
export function atLocalTime(day: ZonedDay, hour: number, minute: number): number {
  const guess = day.start + hour * HOUR_MS + minute * 60_000;
  return guess + (hour - zonedHour(guess)) * HOUR_MS;
}

/** Scheduled start times of a job that have finished by `now`, newest first. */
export function pastRunTimes(job: Job, now: Date, runs: number): number[] {
  const longest = RUNS[job.key]!.seconds[1];
  if (job.everyMinutes) {
    const every = job.everyMinutes * 60_000;
    const last = Math.floor((now.getTime() - longest * 1000) / every) * every;
    return Array.from({ length: runs }, (_, index) => last - index * every);
  }
  // Enough calendar days for that many runs on the job's weekdays, and one more.
  const days = zonedDaysAround(now, Math.ceil((runs * 7) / job.weekdays.length) + 7).reverse();
  return days
    .filter((day) => job.weekdays.includes(day.weekday))
    .map((day) => atLocalTime(day, job.hour, job.minute))
    .filter((start) => start + longest * 1000 < now.getTime())
    .slice(0, runs);
}

function runLogs(faker: Faker, job: Job, world: World, firstId: number): CronLog[] {
  const runs = RUNS[job.key]!;
  if (runs.neverRan) return [];
  const starts = pastRunTimes(job, world.today, faker.number.int({ min: MIN_RUNS, max: MAX_RUNS }));
  const failed = starts.map(() => faker.datatype.boolean({ probability: runs.failureRate }));
  if (!runs.skipped && !failed.includes(true)) failed[faker.number.int({ min: 0, max: starts.length - 1 })] = true;
  if (job.key === FAILED_IMPORT) failed[0] = true;
  return starts.map((start, index) => {
    const context = { faker, startedAt: new Date(start), members: world.members.length };
    const seconds = faker.number.int({ min: runs.seconds[0], max: runs.seconds[1] });
    return {
      id: firstId + starts.length - 1 - index, // ids grow with time, as a sequence hands them out
      startTime: toIsoInstant(start),
      endTime: toIsoInstant(start + seconds * 1000),
      status: runs.skipped ? "skipped" : failed[index] ? "failure" : "success",
      message: runs.skipped ?? (failed[index] ? runs.failure(context) : runs.success(context)),
    };
  });
}

export function buildCrons(faker: Faker, world: World): CronRecord[] {
  let nextLogId = 1;
  return JOBS.map((job) => {
    const logs = runLogs(faker, job, world, nextLogId);
    nextLogId += logs.length;
    return { id: job.id, title: job.title, description: job.description, cronTime: cronTimeOf(job), reRun: "0", logs };
  });
}
