// Report periods as days of the practice group's time zone (openapi.yaml, Dates): today,
// yesterday, weeks from Monday to Sunday, months. Calendar arithmetic is done on plain dates and
// each date is turned into an instant only at the end, because dayjs' timezone plugin adds days
// wrongly across a DST change (Chicago 2026-03-08 + 1 day lands on 01:00, not midnight).
import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";
import { PRACTICE_TIME_ZONE } from "../db/reference";

dayjs.extend(utc);
dayjs.extend(timezone);

/** A calendar date `YYYY-MM-DD`. */
export type IsoDate = string;

/** Both days included. */
export interface DateRange {
  startDate: IsoDate;
  endDate: IsoDate;
}

/** Epoch milliseconds, `from` included, `to` excluded. */
export interface InstantRange {
  from: number;
  to: number;
}

const DAY_FORMAT = "YYYY-MM-DD";

/** The calendar date of an instant in the group's time zone. */
export function zonedDate(instant: Date | number | string): IsoDate {
  return dayjs(instant).tz(PRACTICE_TIME_ZONE).format(DAY_FORMAT);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return dayjs.utc(date).add(days, "day").format(DAY_FORMAT);
}

/** The Monday of the date's week (weeks run Monday to Sunday). */
export function mondayOf(date: IsoDate): IsoDate {
  const daysSinceMonday = (dayjs.utc(date).day() + 6) % 7;
  return addDays(date, -daysSinceMonday);
}

export function monthStartOf(date: IsoDate): IsoDate {
  return dayjs.utc(date).startOf("month").format(DAY_FORMAT);
}

export function monthEndOf(date: IsoDate): IsoDate {
  return dayjs.utc(date).endOf("month").format(DAY_FORMAT);
}

/** The first instant of a day in the group's time zone. */
export function startOfZonedDay(date: IsoDate): number {
  return dayjs.tz(date, PRACTICE_TIME_ZONE).valueOf();
}

export function toInstantRange({ startDate, endDate }: DateRange): InstantRange {
  return { from: startOfZonedDay(startDate), to: startOfZonedDay(addDays(endDate, 1)) };
}

export const contains = (range: InstantRange, instant: number) => instant >= range.from && instant < range.to;

export interface ReportPeriods {
  today: DateRange;
  yesterday: DateRange;
  /** Monday to today. */
  thisWeek: DateRange;
  /** Monday to Sunday of this week (the quality index's `weekStart`..`weekEnd`). */
  wholeWeek: DateRange;
  /** Monday to Sunday of the week before. */
  lastWeek: DateRange;
  /** The 1st to today. */
  monthToDate: DateRange;
  lastMonth: DateRange;
}

export function reportPeriods(now: Date | number): ReportPeriods {
  const today = zonedDate(now);
  const monday = mondayOf(today);
  const lastMonthStart = monthStartOf(addDays(monthStartOf(today), -1));
  const yesterday = addDays(today, -1);
  return {
    today: { startDate: today, endDate: today },
    yesterday: { startDate: yesterday, endDate: yesterday },
    thisWeek: { startDate: monday, endDate: today },
    wholeWeek: { startDate: monday, endDate: addDays(monday, 6) },
    lastWeek: { startDate: addDays(monday, -7), endDate: addDays(monday, -1) },
    monthToDate: { startDate: monthStartOf(today), endDate: today },
    lastMonth: { startDate: lastMonthStart, endDate: monthEndOf(lastMonthStart) },
  };
}

/** The months (`YYYY-MM`) the new patient origin report offers: this month and the 23 before, newest first. */
export function lastMonths(now: Date | number, count: number): string[] {
  const thisMonth = dayjs.utc(monthStartOf(zonedDate(now)));
  return Array.from({ length: count }, (_, index) => thisMonth.subtract(index, "month").format("YYYY-MM"));
}

const HOUR_MS = 3_600_000;
// Reports and builders ask for the local hour of ~10^5 instants; dayjs' `.tz()` builds a new Intl
// formatter on every call (~0.2 ms). One shared formatter, and one answer per UTC hour (every offset
// of the zone is a whole number of hours), make it cheap.
const hourFormat = new Intl.DateTimeFormat("en-US", { timeZone: PRACTICE_TIME_ZONE, hour: "numeric", hourCycle: "h23" });
const localHourByUtcHour = new Map<number, number>();

/** The hour of the day (0–23) of an instant in the group's time zone. */
export function zonedHour(instant: number): number {
  const utcHour = Math.floor(instant / HOUR_MS);
  let hour = localHourByUtcHour.get(utcHour);
  if (hour === undefined) {
    hour = Number(hourFormat.format(utcHour * HOUR_MS));
    localHourByUtcHour.set(utcHour, hour);
  }
  return hour;
}

/**
 * The first instant of the day after a day that began at `dayStart`: 24 hours later, or 23 or 25
 * when the clocks change that day.
 */
export function startOfNextZonedDay(dayStart: number): number {
  const guess = dayStart + 24 * HOUR_MS;
  const hour = zonedHour(guess);
  if (hour === 23) return guess + HOUR_MS; // the day had 25 hours
  if (hour === 1) return guess - HOUR_MS; // the day had 23 hours
  return guess;
}
