// The lead data report: leads entered (by when they were created) per practice, either over the
// six standard periods or over a custom range, with the client's MM-dd-yyyy dates
// (openapi.yaml getLeadDataReport).
import type { components } from "../../src/api/schema";
import type { LeadRecord } from "../db/records";
import type { FieldProblem } from "../openapi/validate";
import { byPracticeName } from "./counting";
import { contains, toInstantRange, type IsoDate } from "./periods";

type Schemas = components["schemas"];
type Practice = Schemas["Practice"];
type LeadPeriod = Schemas["LeadPeriod"];
type PeriodKey = Schemas["LeadPeriodKey"];
export type LeadDataRequest = Schemas["LeadDataRequest"];

/** `MM-dd-yyyy` → `YYYY-MM-DD`, or null when it is no day of the calendar (02-30-2026). */
export function leadDateToIso(text: string): IsoDate | null {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text);
  if (!match) return null;
  const [, month, day, year] = match;
  const iso = `${year}-${month}-${day}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== iso ? null : iso;
}

const LABELS: Record<PeriodKey, string> = {
  today: "Today",
  yesterday: "Yesterday",
  thisWeek: "This Week",
  lastWeek: "Last Week",
  monthToDate: "Month to Date",
  lastMonth: "Last Month",
  range: "Custom Range",
};

/** A date field of the request: its name (for a 400) and its text. */
type DateField = [field: string, text: string];

/** The request's periods in the answer's order, with ISO dates; or the fields that are no calendar day or run backwards. */
export function leadPeriodsOf(request: LeadDataRequest): { periods: LeadPeriod[] } | { problems: FieldProblem[] } {
  const problems = new Map<string, FieldProblem>();
  const iso = ([field, text]: DateField) => {
    const converted = leadDateToIso(text);
    if (converted === null) problems.set(field, { field, message: "must be a day of the calendar as MM-dd-yyyy" });
    return converted ?? "";
  };
  const period = (key: PeriodKey, start: DateField, end: DateField): LeadPeriod => ({
    key,
    label: LABELS[key],
    startDate: iso(start),
    endDate: iso(end),
  });
  let periods: LeadPeriod[];
  if (request.mode === "range") {
    periods = [period("range", ["startDate", request.startDate], ["endDate", request.endDate])];
  } else {
    const today: DateField = ["today", request.today];
    periods = [
      period("today", today, today),
      period("yesterday", ["yesterday", request.yesterday], ["yesterday", request.yesterday]),
      period("thisWeek", ["weekStart", request.weekStart], today),
      period("lastWeek", ["lastWeekStart", request.lastWeekStart], ["lastWeekEnd", request.lastWeekEnd]),
      period("monthToDate", ["monthStart", request.monthStart], today),
      period("lastMonth", ["lastMonth", request.lastMonth], ["lastMonthEnd", request.lastMonthEnd]),
    ];
  }
  if (problems.size > 0) return { problems: [...problems.values()] };
  if (request.mode === "range" && periods[0]!.endDate < periods[0]!.startDate) {
    return { problems: [{ field: "endDate", message: "must not be before startDate" }] };
  }
  return { periods };
}

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
