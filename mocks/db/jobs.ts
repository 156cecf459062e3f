// Scheduled jobs with their run history, and the downtime of the applications (app status
// tracker). The latest DENTA import failed, and that is the current downtime of the Members application.
import type { Faker } from "@faker-js/faker";
import type { World } from "./createMockDb";
import { cronTimeOf, JOBS, type JobDefinition } from "./jobDefinitions";
import type { CronRecord, OpenIssueRecord } from "./records";
import { zonedHour } from "../../domain/calendar.ts";
import { DAY_MS, HOUR_MS, toIsoInstant, zonedDaysAround, type ZonedDay } from "./zonedDays";

type CronLog = CronRecord["logs"][number];

const MIN_RUNS = 5;
const MAX_RUNS = 20;
const FAILED_IMPORT_TITLE = "Import DENTA members";

/** The instant the zone's clocks show hour:minute on that day (days of a DST change have 23 or 25 hours). */
function atLocalTime(day: ZonedDay, hour: number, minute: number): number {
  const guess = day.start + hour * HOUR_MS + minute * 60_000;
  return guess + (hour - zonedHour(guess)) * HOUR_MS;
}

/** Scheduled start times of a job that have finished by `now`, newest first. */
export function pastRunTimes(job: JobDefinition, now: Date, runs: number): number[] {
  // Enough calendar days for that many runs on the job's weekdays, and one more.
  const days = zonedDaysAround(now, Math.ceil((runs * 7) / job.weekdays.length) + 7).reverse();
  return days
    .filter((day) => job.weekdays.includes(day.weekday))
    .map((day) => atLocalTime(day, job.hour, job.minute))
    .filter((start) => start + job.seconds[1] * 1000 < now.getTime())
    .slice(0, runs);
}

function runLogs(faker: Faker, job: JobDefinition, world: World, firstId: number): CronLog[] {
  const starts = pastRunTimes(job, world.today, faker.number.int({ min: MIN_RUNS, max: MAX_RUNS }));
  const failed = starts.map(() => faker.datatype.boolean({ probability: job.failureRate }));
  // Every job shows at least one failure; the DENTA import failed on its latest run.
  if (!failed.includes(true)) failed[faker.number.int({ min: 0, max: starts.length - 1 })] = true;
  if (job.title === FAILED_IMPORT_TITLE) failed[0] = true;
  return starts.map((start, index) => {
    const context = { faker, startedAt: new Date(start), members: world.members.length };
    const seconds = faker.number.int({ min: job.seconds[0], max: job.seconds[1] });
    return {
      id: firstId + starts.length - 1 - index, // ids grow with time, as a sequence hands them out
      startTime: toIsoInstant(start),
      endTime: toIsoInstant(start + seconds * 1000),
      status: failed[index] ? "failure" : "success",
      message: failed[index] ? job.failure(context) : job.success(context),
    };
  });
}

export function buildCrons(faker: Faker, world: World): CronRecord[] {
  let nextLogId = 1;
  return JOBS.map((job, index) => {
    const logs = runLogs(faker, job, world, nextLogId);
    nextLogId += logs.length;
    return { id: index + 1, title: job.title, description: job.description, cronTime: cronTimeOf(job), reRun: "0", logs };
  });
}

/**
 * A resolved downtime of the Members application, the current one (the failed DENTA import),
 * a current one of another application, and a planned maintenance that has not started yet.
 */
export function buildOpenIssues(_faker: Faker, world: World): OpenIssueRecord[] {
  const now = world.today.getTime();
  const denta = JOBS.find((job) => job.title === FAILED_IMPORT_TITLE)!;
  const [failedImport = now - 4 * HOUR_MS] = pastRunTimes(denta, world.today, 1);
  const [, tomorrow] = zonedDaysAround(world.today, 0, 1);
  const at = (hoursAgo: number) => toIsoInstant(now - hoursAgo * HOUR_MS);
  return [
    {
      id: 1,
      application: "Members",
      downTimeStart: at(24 * 9 + 5),
      whatIsDown: "Saving call results timed out for some agents (database maintenance overran).",
      whatToDoMeanTime: "Write results on the call sheet and enter them once saving works again.",
      closedAt: at(24 * 9 + 3),
    },
    {
      id: 2,
      application: "Call Recordings",
      downTimeStart: at(20),
      whatIsDown: "Recordings of the last 24 hours are not yet copied from the phone system.",
      whatToDoMeanTime: "Older recordings can be downloaded; today's appear once the copy job catches up.",
      closedAt: null,
    },
    {
      id: 3,
      application: "Members",
      downTimeStart: toIsoInstant(failedImport),
      whatIsDown: "The latest DENTA eligibility import failed: new DENTA members are not on the list yet.",
      whatToDoMeanTime: "Work the list as usual; results and notes save normally. The import is re-run once DentaQuest resends the file.",
      closedAt: null,
    },
    {
      id: 4,
      application: "Reports",
      downTimeStart: toIsoInstant(tomorrow ? atLocalTime(tomorrow, 22, 0) : now + DAY_MS),
      whatIsDown: "Planned maintenance: the reports are unavailable for about one hour.",
      whatToDoMeanTime: "Print or export the reports you need before 22:00.",
      closedAt: null,
    },
  ];
}
