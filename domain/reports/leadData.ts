// The lead data report's request (openapi.yaml getLeadDataReport): the client sends the six
// standard periods, or a custom range, as `MM-dd-yyyy` days of the group's time zone (§9); both
// backends turn them into the periods of the answer, or name the fields that are no day.
import type { components } from "../../contract/schema";
import { isCalendarDate, reportPeriods, zonedDate, type IsoDate } from "../calendar.ts";
import type { FieldProblem } from "../../contract/errors.ts";

type Schemas = components["schemas"];
type PeriodKey = Schemas["LeadPeriodKey"];
export type LeadPeriod = Schemas["LeadPeriod"];
export type LeadDataRequest = Schemas["LeadDataRequest"];
export type LeadPeriodsRequest = Extract<LeadDataRequest, { mode: "periods" }>;

/** §9 Lead report date format MM-dd-yyyy, from an ISO date. */
export const toLeadDate = (date: IsoDate) => `${date.slice(5, 7)}-${date.slice(8, 10)}-${date.slice(0, 4)}`;

/** `MM-dd-yyyy` → `YYYY-MM-DD`, or null when it is no day of the calendar (02-30-2026, 01-01-0000). */
export function leadDateToIso(text: string): IsoDate | null {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text);
  if (!match) return null;
  const iso = `${match[3]}-${match[1]}-${match[2]}`;
  return isCalendarDate(iso) ? iso : null;
}

/** The standard periods of the day it is at `now` in the group's time zone, as the client asks for them. */
export function leadPeriodBounds(now: Date | number): Omit<LeadPeriodsRequest, "mode"> {
  const p = reportPeriods(zonedDate(now));
  return {
    today: toLeadDate(p.today.startDate),
    yesterday: toLeadDate(p.yesterday.startDate),
    weekStart: toLeadDate(p.thisWeek.startDate),
    lastWeekStart: toLeadDate(p.lastWeek.startDate),
    lastWeekEnd: toLeadDate(p.lastWeek.endDate),
    monthStart: toLeadDate(p.monthToDate.startDate),
    lastMonth: toLeadDate(p.lastMonth.startDate),
    lastMonthEnd: toLeadDate(p.lastMonth.endDate),
  };
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
