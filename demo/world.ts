// The demo world: a seeded, deterministic picture of a dental practice group (practices, staff,
// members, their call history, their appointments at the practices, leads, visits, recordings, help, jobs). The fake backend keeps it in
// memory; the server's seed writes it into the database, so both show the same group.
// Fixed by (seed, size, today's date): every builder draws from one faker sequence, in this order,
// and draws as often at any hour of the day; only today's times follow the hour.
import { Faker, en, en_US } from "@faker-js/faker";
import { startOfZonedDay, zonedDate } from "../domain/calendar.ts";
import { buildActivity } from "./activity.ts";
import { buildAppointments, followAppointments } from "./appointments.ts";
import { buildCallStarts } from "./callStarts.ts";
import { buildCampaigns } from "./campaigns.ts";
import { buildSignIns } from "./signIns.ts";
import { buildCallbacks } from "./callbacks.ts";
import { buildContent } from "./content/content.ts";
import { buildCrons } from "./jobs/jobRuns.ts";
import { buildOpenIssues } from "./jobs/openIssues.ts";
import { buildDentists, buildMembers } from "./members.ts";
import { buildPractices, buildPracticeTimeZones, buildRegions } from "./practices.ts";
import { DEMO_REFERENCE_DATE } from "./reference.ts";
import { buildReportData } from "./reports/reportData.ts";
import { buildUsers } from "./staff.ts";

export const DEMO_SEED = 20261116;
/** Members of the demo world unless another size is asked for (up to 200,000 for performance work). */
export const DEMO_SIZE = 5000;

export interface WorldOptions {
  /** Same seed, same world. */
  seed?: number;
  size?: number;
  /** The world's "today": generated dates lie around it (default: a fixed reference date, so tests are the same on any day). */
  today?: Date;
}

export function generateWorld({ seed = DEMO_SEED, size = DEMO_SIZE, today = DEMO_REFERENCE_DATE }: WorldOptions = {}) {
  // An own Faker instance: two worlds built in one process never disturb each other's sequence.
  const faker = new Faker({ locale: [en_US, en] });
  faker.seed(seed);
  // What is drawn around "today" (birth dates, arrivals, visits) counts from the start of the
  // group's day, not from the hour: the world is the same all day but for today's times.
  const startOfToday = new Date(startOfZonedDay(zonedDate(today)));
  faker.setDefaultRefDate(startOfToday);

  const practices = buildPractices(faker);
  const users = buildUsers(faker, practices);
  const dentists = buildDentists(faker, practices);
  const members = buildMembers(faker, { practices, dentists, size, today: startOfToday });
  const base = { practices, users, dentists, members, today };
  const worked = buildActivity(faker, base);
  const { campaigns, results, callStarts } = buildCampaigns(base, worked, buildCallStarts(seed + 1, worked.results));
  const activity = { ...worked, results };
  const practiceTimeZones = buildPracticeTimeZones(practices);
  const schedules = { members, results, practiceTimeZones, today };
  const appointments = buildAppointments(seed + 4, schedules);
  // Before the callbacks: an agent promises none to a member the practice has booked.
  const firstVisits = followAppointments(schedules, appointments);
  return {
    ...base,
    regions: buildRegions(practices),
    practiceTimeZones,
    ...activity,
    callStarts,
    campaigns,
    appointments,
    firstVisits,
    signIns: buildSignIns(seed + 2, today, { results: activity.results, callStarts }),
    ...buildCallbacks(seed + 3, { ...base, practiceTimeZones }, activity.results),
    crons: buildCrons(faker, base),
    openIssues: buildOpenIssues(base),
    ...buildReportData(faker, base),
    ...buildContent(faker, base),
  };
}

export type DemoWorld = ReturnType<typeof generateWorld>;
