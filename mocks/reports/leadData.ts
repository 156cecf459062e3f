// The lead data report: leads entered (by when they were created) per practice, over the periods of
// the request (openapi.yaml getLeadDataReport; domain/reports/leadData.ts reads them).
import { contains, toInstantRange } from "../../domain/calendar.ts";
import type { LeadPeriod } from "../../domain/reports/leadData.ts";
import type { components } from "../../contract/schema";
import type { LeadRecord } from "../../demo/records.ts";
import { byPracticeName } from "./counting";

type Schemas = components["schemas"];
type Practice = Schemas["Practice"];

/** Leads entered per period, one row per practice in scope (zeros included), sorted by location. */
export function leadDataReport(
  leads: readonly LeadRecord[],
  practices: readonly Practice[],
  periods: LeadPeriod[],
  practice: string,
): Schemas["LeadDataReport"] {
  const ranges = periods.map((period) => ({ key: period.key, range: toInstantRange(period) }));
  const inScope = practices.filter((candidate) => practice === "all" || String(candidate.id) === practice);
  const counts = new Map(inScope.map((candidate) => [candidate.id, Object.fromEntries(periods.map((period) => [period.key, 0]))]));
  for (const lead of leads) {
    const row = counts.get(lead.practiceId);
    if (!row) continue;
    const created = Date.parse(lead.createdAt);
    for (const { key, range } of ranges) if (contains(range, created)) row[key]! += 1;
  }
  return {
    periods,
    leadsEntered: [...inScope]
      .sort(byPracticeName)
      .map((candidate) => ({ location: candidate.practiceabbr, practiceId: candidate.id, counts: counts.get(candidate.id) ?? {} })),
  };
}
