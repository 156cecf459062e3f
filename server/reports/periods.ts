// Report periods as days of the practice group's time zone (openapi.yaml, Dates; REPORT_TIME_ZONE):
// today, yesterday, weeks from Monday to Sunday, months. Calendar arithmetic is done on plain dates
// (`YYYY-MM-DD`, no zone); each day becomes an instant only inside SQL, with `AT TIME ZONE`, so a
// day of 23 or 25 hours at a change of the clocks starts and ends where the zone says.
import { sql, type Expression, type RawBuilder } from "kysely";
import type { Services } from "../services.ts";

/** A calendar date `YYYY-MM-DD`. */
export type IsoDate = string;

/** Both days included. */
export interface DateRange {
  startDate: IsoDate;
  endDate: IsoDate;
}

/**
 * The instant of the practice calendar: the sessions' clock, moved by DEMO_CLOCK_START when the
 * demo data's days are shown (server/config.ts). Saved results and every report read it.
 */
export function calendarNow(services: Pick<Services, "now" | "config">): Date {
  return new Date(services.now().getTime() + services.config.calendarOffsetMs);
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date of an instant in a time zone. */
export function zonedDate(instant: Date, timeZone: string): IsoDate {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(timeZone, format);
  }
  return format.format(instant);
}

const asUtc = (date: IsoDate) => new Date(`${date}T00:00:00Z`);
const isoOf = (date: Date) => date.toISOString().slice(0, 10);

export function addDays(date: IsoDate, days: number): IsoDate {
  const moved = asUtc(date);
  moved.setUTCDate(moved.getUTCDate() + days);
  return isoOf(moved);
}

/** The Monday of the date's week (weeks run Monday to Sunday). */
export function mondayOf(date: IsoDate): IsoDate {
  return addDays(date, -((asUtc(date).getUTCDay() + 6) % 7));
}

export const monthStartOf = (date: IsoDate): IsoDate => `${date.slice(0, 7)}-01`;

export function monthEndOf(date: IsoDate): IsoDate {
  const start = asUtc(monthStartOf(date));
  start.setUTCMonth(start.getUTCMonth() + 1);
  return addDays(isoOf(start), -1);
}

export interface ReportPeriods {
  today: DateRange;
  yesterday: DateRange;
  /** Monday to today. */
  thisWeek: DateRange;
  /** Monday to Sunday of the week before. */
  lastWeek: DateRange;
  /** The 1st to today. */
  monthToDate: DateRange;
  lastMonth: DateRange;
}

/** The standard periods around the day `today` (a day of the group's zone). */
export function reportPeriods(today: IsoDate): ReportPeriods {
  const monday = mondayOf(today);
  const yesterday = addDays(today, -1);
  const lastMonthStart = monthStartOf(addDays(monthStartOf(today), -1));
  return {
    today: { startDate: today, endDate: today },
    yesterday: { startDate: yesterday, endDate: yesterday },
    thisWeek: { startDate: monday, endDate: today },
    lastWeek: { startDate: addDays(monday, -7), endDate: addDays(monday, -1) },
    monthToDate: { startDate: monthStartOf(today), endDate: today },
    lastMonth: { startDate: lastMonthStart, endDate: monthEndOf(lastMonthStart) },
  };
}

/** This month and the `count - 1` before it (`YYYY-MM`), newest first. */
export function lastMonths(today: IsoDate, count: number): string[] {
  const [year, month] = today.split("-").map(Number) as [number, number];
  return Array.from({ length: count }, (_, index) => isoOf(new Date(Date.UTC(year, month - 1 - index, 1))).slice(0, 7));
}

/** PostgreSQL's calendar has no year 0 (1 BC is 0001 BC): an earlier day cannot be asked about. */
export const FIRST_DAY: IsoDate = "0001-01-01";

/** SQL: the first instant of a day in the zone (a timestamptz). */
export function startOfDay(date: IsoDate, timeZone: string): RawBuilder<Date> {
  return sql<Date>`(cast(${date} as date)::timestamp at time zone ${timeZone})`;
}

/** SQL: the first instant of the day after, where a range of days ends (excluded). */
export function startOfDayAfter(date: IsoDate, timeZone: string): RawBuilder<Date> {
  return sql<Date>`((cast(${date} as date) + 1)::timestamp at time zone ${timeZone})`;
}

/** SQL: the instant is on one of the range's days in the zone (first day's midnight included, the day after's excluded). */
export function withinDays(instant: Expression<Date | string>, range: DateRange, timeZone: string): RawBuilder<boolean> {
  return sql<boolean>`(${instant} >= ${startOfDay(range.startDate, timeZone)} and ${instant} < ${startOfDayAfter(range.endDate, timeZone)})`;
}

/** SQL: `(values (name, starts_at, ends_at), …)`, named ranges of days with their bounds as instants of the zone. */
export function periodValues(periods: Record<string, DateRange>, timeZone: string): RawBuilder<unknown> {
  const rows = Object.entries(periods).map(
    ([name, range]) => sql`(${name}, ${startOfDay(range.startDate, timeZone)}, ${startOfDayAfter(range.endDate, timeZone)})`,
  );
  return sql`(values ${sql.join(rows)})`;
}

/** SQL: the hour of the day (0–23) of an instant in the zone. */
export function hourOfDay(instant: Expression<Date | string>, timeZone: string): RawBuilder<number> {
  return sql<number>`cast(extract(hour from ${instant} at time zone ${timeZone}) as integer)`;
}
