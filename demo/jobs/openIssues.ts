// The downtime of the applications (the app status tracker): a resolved downtime of the Members
// application, the current one (the failed DENTA import), a current one of another application, and
// a planned maintenance that has not started yet.
import { JOBS } from "../../domain/jobs.ts";
import type { OpenIssueRecord, World } from "../records.ts";
import { DAY_MS, HOUR_MS, toIsoInstant, zonedDaysAround } from "../time/zonedDays.ts";
import { atLocalTime, FAILED_IMPORT, pastRunTimes } from "./jobRuns.ts";

export function buildOpenIssues(world: World): OpenIssueRecord[] {
  const now = world.today.getTime();
  const denta = JOBS.find((job) => job.key === FAILED_IMPORT)!;
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
