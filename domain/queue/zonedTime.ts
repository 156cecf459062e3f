// Local time in a member's zone: the day and the minute of the day at an instant, and the instant
// of a local day's minute. Through Intl, so a day of 23 or 25 hours at a change of the clocks
// keeps its 8:00 where the zone says (domain/calendar.ts does the same for whole days).
import { addDays, type IsoDate } from "../calendar.ts";

const MINUTE_MS = 60_000;
const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    formats.set(timeZone, format);
  }
  return format;
}

export interface LocalTime {
  date: IsoDate;
  /** Minutes after local midnight, 0 to 1439. */
  minutes: number;
}

/**
 * Each zone's local time at the minutes asked lately: zones' offsets are whole minutes (since
 * 1972), so every instant of one UTC minute has the same local day and minute, and Intl's
 * formatting (the costly part of Next's and the counts' work, and of reading a practice feed's
 * dates and times, a few thousand distinct minutes in a file of a million rows) is done once a
 * minute per zone. Up to MINUTES_KEPT minutes a zone; the oldest go first once it is full.
 */
const MINUTES_KEPT = 20_000;
const knownMinutes = new Map<string, Map<number, Readonly<LocalTime>>>();

/** The local day and minute of an instant (epoch milliseconds) in the zone. */
export function localTimeOf(instant: number, timeZone: string): LocalTime {
  const minute = Math.floor(instant / MINUTE_MS);
  let zone = knownMinutes.get(timeZone);
  if (!zone) {
    zone = new Map();
    knownMinutes.set(timeZone, zone);
  }
  const known = zone.get(minute);
  if (known) return { ...known };
  const parts = Object.fromEntries(formatOf(timeZone).formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  const local = { date: `${parts.year}-${parts.month}-${parts.day}`, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
  if (zone.size >= MINUTES_KEPT) zone.delete(zone.keys().next().value!);
  zone.set(minute, local);
  return { ...local };
}

/** How far the zone's clocks are ahead of UTC at an instant, to the minute. */
function offsetAt(instant: number, timeZone: string): number {
  const { date, minutes } = localTimeOf(instant, timeZone);
  const flooredToMinute = Math.floor(instant / MINUTE_MS) * MINUTE_MS;
  return Date.parse(`${date}T00:00:00Z`) + minutes * MINUTE_MS - flooredToMinute;
}

/** The instant of a local day's minute in the zone (a minute the clocks skip comes out an hour later). */
export function instantOfLocal(date: IsoDate, minutes: number, timeZone: string): number {
  const asUtc = Date.parse(`${date}T00:00:00Z`) + minutes * MINUTE_MS;
  const guess = asUtc - offsetAt(asUtc, timeZone);
  // The offset at the guess is the one in force at that local time, unless the clocks changed between.
  return asUtc - offsetAt(guess, timeZone);
}

/** The first instant of the local day after the one the instant is on. */
export function nextLocalMidnight(instant: number, timeZone: string): number {
  return instantOfLocal(addDays(localTimeOf(instant, timeZone).date, 1), 0, timeZone);
}
