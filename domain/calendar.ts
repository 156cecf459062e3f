// Calendar days of the practice group (openapi.yaml, Dates): today, yesterday, weeks from Monday to
// Sunday, months, all as days of the group's time zone. Arithmetic is done on plain dates
// (`YYYY-MM-DD`, no zone); a day becomes an instant only at the end, through Intl, so a day of 23 or
// 25 hours at a change of the clocks starts and ends where the zone says. (dayjs' timezone plugin
// adds days wrongly across such a change: Chicago 2026-03-08 + 1 day landed on 01:00.)
import { invalidRequest } from "../contract/errors.ts";
import { PRACTICE_TIME_ZONE } from "./vocabulary.ts";

/** A calendar date `YYYY-MM-DD`. */
export type IsoDate = string;
/** A calendar month `YYYY-MM`. */
export type IsoMonth = string;

/** Both days included. */
export interface DateRange {
  startDate: IsoDate;
  endDate: IsoDate;
}

/** A range of days that ends before it starts is refused: a 400 naming its end (`endDate`, or `params.endDate` in a JSON parameter). */
export function checkDayRange({ startDate, endDate }: DateRange, endField = "endDate"): void {
  if (endDate < startDate) throw invalidRequest([{ field: endField, message: "must not be before startDate" }]);
}

/** Epoch milliseconds, `from` included, `to` excluded. */
export interface InstantRange {
  from: number;
  to: number;
}

const HOUR_MS = 3_600_000;

/** PostgreSQL's calendar has no year 0 (1 BC is 0001 BC): no earlier day can be asked about. */
export const FIRST_DAY: IsoDate = "0001-01-01";

const asUtc = (date: IsoDate) => new Date(`${date}T00:00:00Z`);
const isoOf = (date: Date): IsoDate => date.toISOString().slice(0, 10);

/** Whether the text is a day of the calendar as `YYYY-MM-DD` (2026-02-30 is not). */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || text < FIRST_DAY) return false;
  const date = asUtc(text);
  return !Number.isNaN(date.getTime()) && isoOf(date) === text;
}

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

/** This month and the `count - 1` before it, newest first. */
export function lastMonths(today: IsoDate, count: number): IsoMonth[] {
  const [year, month] = today.split("-").map(Number) as [number, number];
  return Array.from({ length: count }, (_, index) => isoOf(new Date(Date.UTC(year, month - 1 - index, 1))).slice(0, 7));
}

export interface ReportPeriods {
  today: DateRange;
  yesterday: DateRange;
  /** Monday to today. */
  thisWeek: DateRange;
  /** Monday to Sunday of this week. */
  wholeWeek: DateRange;
  /** Monday to Sunday of the week before. */
  lastWeek: DateRange;
  /** The 1st to today. */
  monthToDate: DateRange;
  /** The whole month before. */
  lastMonth: DateRange;
  /** The whole current month (report defaults such as "the current month"). */
  thisMonth: DateRange;
}

/** The standard periods around the day `today`. */
export function reportPeriods(today: IsoDate): ReportPeriods {
  const monday = mondayOf(today);
  const yesterday = addDays(today, -1);
  const monthStart = monthStartOf(today);
  const lastMonthStart = monthStartOf(addDays(monthStart, -1));
  return {
    today: { startDate: today, endDate: today },
    yesterday: { startDate: yesterday, endDate: yesterday },
    thisWeek: { startDate: monday, endDate: today },
    wholeWeek: { startDate: monday, endDate: addDays(monday, 6) },
    lastWeek: { startDate: addDays(monday, -7), endDate: addDays(monday, -1) },
    monthToDate: { startDate: monthStart, endDate: today },
    lastMonth: { startDate: lastMonthStart, endDate: addDays(monthStart, -1) },
    thisMonth: { startDate: monthStart, endDate: monthEndOf(today) },
  };
}

// Reports and the demo generator ask for the day and hour of ~10^5 instants: Intl formatters are
// costly to build, so there is one per zone, and one hour per UTC hour (every offset of the zones
// the group uses is a whole number of hours).
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const hourFormats = new Map<string, Intl.DateTimeFormat>();
const localHours = new Map<string, Map<number, number>>();

function formatOf(formats: Map<string, Intl.DateTimeFormat>, timeZone: string, options: Intl.DateTimeFormatOptions) {
  let format = formats.get(timeZone);
  if (!format) formats.set(timeZone, (format = new Intl.DateTimeFormat("en-CA", { timeZone, ...options })));
  return format;
}

/** The calendar date of an instant in the zone. */
export function zonedDate(instant: Date | number | string, timeZone = PRACTICE_TIME_ZONE): IsoDate {
  // en-CA writes dates as YYYY-MM-DD.
  return formatOf(dayFormats, timeZone, { year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(instant));
}

/** The hour of the day (0–23) of an instant in the zone. */
export function zonedHour(instant: number, timeZone = PRACTICE_TIME_ZONE): number {
  let byUtcHour = localHours.get(timeZone);
  if (!byUtcHour) localHours.set(timeZone, (byUtcHour = new Map()));
  const utcHour = Math.floor(instant / HOUR_MS);
  let hour = byUtcHour.get(utcHour);
  if (hour === undefined) {
    hour = Number(formatOf(hourFormats, timeZone, { hour: "numeric", hourCycle: "h23" }).format(utcHour * HOUR_MS));
    byUtcHour.set(utcHour, hour);
  }
  return hour;
}

/** How far the zone's clocks are ahead of UTC at an instant (negative west of Greenwich). */
function offsetAt(instant: number, timeZone: string): number {
  const local = Date.parse(`${zonedDate(instant, timeZone)}T00:00:00Z`) + zonedHour(instant, timeZone) * HOUR_MS;
  return local - Math.floor(instant / HOUR_MS) * HOUR_MS;
}

/** The first instant of a day in the zone (midnight exists on every day of the group's zone). */
export function startOfZonedDay(date: IsoDate, timeZone = PRACTICE_TIME_ZONE): number {
  const midnightUtc = asUtc(date).getTime();
  const guess = midnightUtc - offsetAt(midnightUtc, timeZone);
  // The offset at the guess is the one in force at local midnight, unless the clocks changed between.
  return midnightUtc - offsetAt(guess, timeZone);
}

/** The instants of a range of days: from the first day's midnight to the midnight after the last. */
export function toInstantRange({ startDate, endDate }: DateRange, timeZone = PRACTICE_TIME_ZONE): InstantRange {
  return { from: startOfZonedDay(startDate, timeZone), to: startOfZonedDay(addDays(endDate, 1), timeZone) };
}

export const contains = (range: InstantRange, instant: number) => instant >= range.from && instant < range.to;

/**
 * The first instant of the day after a day that began at `dayStart`: 24 hours later, or 23 or 25
 * when the clocks change that day.
 */
export function startOfNextZonedDay(dayStart: number, timeZone = PRACTICE_TIME_ZONE): number {
  const guess = dayStart + 24 * HOUR_MS;
  const hour = zonedHour(guess, timeZone);
  if (hour === 23) return guess + HOUR_MS; // the day had 25 hours
  if (hour === 1) return guess - HOUR_MS; // the day had 23 hours
  return guess;
}
