// The contact data report: calls (result saves) by hour of the day, contacted or not, and
// appointments set by hour, over the periods of openapi.yaml getContactDataReport.
import { contains, reportPeriods, toInstantRange, zonedDate, zonedHour, type InstantRange } from "../../domain/calendar.ts";
import { APPOINTMENT_MADE, CONTACTED_RESULTS, PRACTICE_TIME_ZONE } from "../../domain/vocabulary.ts";
import type { components } from "../../contract/schema";
import type { ResultRecord } from "../../demo/records.ts";

type Schemas = components["schemas"];
type Result = ResultRecord["Result"];

/** Every result outside the contract's list of contacts is a call that did not reach anyone. */
const CONTACTED: ReadonlySet<Result> = new Set<Result>(CONTACTED_RESULTS);

const HOURS = 24;
const hourlyContacts = () => Array.from({ length: HOURS }, (_, hour) => ({ hour, contacted: 0, notContacted: 0 }));
const hourlyCounts = () => Array.from({ length: HOURS }, (_, hour) => ({ hour, count: 0 }));

type HourlyContacts = ReturnType<typeof hourlyContacts>;
type HourlyCounts = ReturnType<typeof hourlyCounts>;

export function contactDataReport(results: readonly ResultRecord[], now: Date): Schemas["ContactDataReport"] {
  const periods = reportPeriods(zonedDate(now));
  const today = toInstantRange(periods.today);
  const thisWeek = toInstantRange(periods.thisWeek);
  const lastWeek = toInstantRange(periods.lastWeek);
  const thisMonth = toInstantRange(periods.monthToDate);
  const lastMonth = toInstantRange(periods.lastMonth);
  const calls = { today: hourlyContacts(), thisWeek: hourlyContacts(), lastWeek: hourlyContacts(), thisMonth: hourlyContacts(), lastMonth: hourlyContacts() };
  const appointments = { today: hourlyCounts(), week: hourlyCounts(), month: hourlyCounts() };
  const callSeries: [InstantRange, HourlyContacts][] = [
    [today, calls.today],
    [thisWeek, calls.thisWeek],
    [lastWeek, calls.lastWeek],
    [thisMonth, calls.thisMonth],
    [lastMonth, calls.lastMonth],
  ];
  const appointmentSeries: [InstantRange, HourlyCounts][] = [
    [today, appointments.today],
    [thisWeek, appointments.week],
    [thisMonth, appointments.month],
  ];
  const earliest = Math.min(lastMonth.from, lastWeek.from);

  for (const result of results) {
    if (result.Result === "") continue; // saving Blank clears a result; nobody was called
    const at = Date.parse(result.createdAt);
    if (at < earliest) continue;
    const hour = zonedHour(at);
    const contacted = CONTACTED.has(result.Result);
    for (const [range, series] of callSeries) {
      if (!contains(range, at)) continue;
      if (contacted) series[hour]!.contacted += 1;
      else series[hour]!.notContacted += 1;
    }
    if (result.Result !== APPOINTMENT_MADE) continue;
    for (const [range, series] of appointmentSeries) if (contains(range, at)) series[hour]!.count += 1;
  }
  return { generatedAt: now.toISOString(), timeZone: PRACTICE_TIME_ZONE, calls, appointments };
}
