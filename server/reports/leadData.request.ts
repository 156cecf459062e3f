// The lead data report's request: the client's `MM-dd-yyyy` dates turned into the periods of the
// answer (openapi.yaml getLeadDataReport), or the fields that are no day of the calendar.
import type { components } from "../../src/api/schema.d.ts";
import type { FieldProblem } from "../errors.ts";
import { FIRST_DAY, type IsoDate } from "./periods.ts";

type Schemas = components["schemas"];
type PeriodKey = Schemas["LeadPeriodKey"];
export type LeadPeriod = Schemas["LeadPeriod"];
export type LeadDataRequest = Schemas["LeadDataRequest"];

/** `MM-dd-yyyy` → `YYYY-MM-DD`, or null when it is no day of the calendar (02-30-2026, 01-01-0000). */
export function leadDateToIso(text: string): IsoDate | null {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text);
  if (!match) return null;
  const [, month, day, year] = match;
  const iso = `${year}-${month}-${day}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== iso || iso < FIRST_DAY ? null : iso;
}

/** The column headings of the lead data screen. */
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

/** The request's periods in the answer's order; or the fields that are no calendar day, or a range that runs backwards. */
export function leadPeriodsOf(request: LeadDataRequest): { periods: LeadPeriod[] } | { problems: FieldProblem[] } {
  const problems = new Map<string, FieldProblem>();
  const iso = ([field, text]: DateField) => {
    const converted = leadDateToIso(text);
    if (converted === null) problems.set(field, { field, message: "must be a day of the calendar as MM-dd-yyyy" });
    return converted ?? "";
  };
  const period = (key: PeriodKey, start: DateField, end: DateField): LeadPeriod => ({ key, label: LABELS[key], startDate: iso(start), endDate: iso(end) });
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
  const [range] = periods;
  if (request.mode === "range" && range && range.endDate < range.startDate) {
    return { problems: [{ field: "endDate", message: "must not be before startDate" }] };
  }
  return { periods };
}
