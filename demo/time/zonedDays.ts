// The days around "today" in the practice group's time zone, for builders that place records at
// local times of day ("a lead came in at 10:40 in the practice"). One time-zone conversion per day,
// not per record, keeps generation fast at 200,000 members.
import { addDays, startOfNextZonedDay, startOfZonedDay, zonedDate, type IsoDate } from "../../domain/calendar.ts";

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

export interface ZonedDay {
  date: IsoDate;
  /** First instant of the day (epoch ms). */
  start: number;
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
}

/** The days from `daysBefore` days before today to `daysAfter` days after it, oldest first. */
export function zonedDaysAround(today: Date, daysBefore: number, daysAfter = 0): ZonedDay[] {
  const first = addDays(zonedDate(today), -daysBefore);
  const firstAsUtc = Date.parse(`${first}T00:00:00Z`);
  const days: ZonedDay[] = [];
  let start = startOfZonedDay(first);
  for (let index = 0; index <= daysBefore + daysAfter; index += 1) {
    const calendarDay = new Date(firstAsUtc + index * DAY_MS);
    days.push({ date: calendarDay.toISOString().slice(0, 10), start, weekday: calendarDay.getUTCDay() });
    start = startOfNextZonedDay(start);
  }
  return days;
}

/** A window of local hours of a day, whole whatever the hour, and where a moment drawn in it lies. */
export interface DayHours {
  from: number;
  to: number;
  /**
   * A moment drawn in [from, to) where it lies: as drawn on a day that has closed; on today packed,
   * in its order, into the part that has passed (null before the window opens), so that nothing
   * lies in the future and the draws are the same at any hour.
   */
  place: (drawn: number) => number | null;
}

export function openHours(day: ZonedDay, firstHour: number, lastHour: number, now: number): DayHours {
  const from = day.start + firstHour * HOUR_MS;
  const to = day.start + lastHour * HOUR_MS;
  const until = Math.min(to, now);
  const place = (drawn: number) => (until === to ? drawn : until <= from ? null : from + Math.floor(((drawn - from) * (until - from)) / (to - from)));
  return { from, to, place };
}

const two = (value: number) => (value < 10 ? `0${value}` : String(value));
const utcDayPrefixes = new Map<number, string>();

/**
 * `new Date(instant).toISOString()`, several times faster: builders write ~10^5 timestamps and
 * `toISOString` was most of their time. The day part is formatted once per day.
 */
export function toIsoInstant(instant: number): string {
  const day = Math.floor(instant / DAY_MS);
  let prefix = utcDayPrefixes.get(day);
  if (prefix === undefined) {
    prefix = new Date(day * DAY_MS).toISOString().slice(0, 11);
    utcDayPrefixes.set(day, prefix);
  }
  const inDay = instant - day * DAY_MS;
  const millis = inDay % 1000;
  const seconds = Math.floor(inDay / 1000);
  const milliText = millis < 10 ? `00${millis}` : millis < 100 ? `0${millis}` : String(millis);
  return `${prefix}${two(Math.floor(seconds / 3600))}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}.${milliText}Z`;
}
