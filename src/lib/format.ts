// Formats the screens share, from the specification (§4, §9).
import dayjs from "dayjs";
import utc from "dayjs/plugin/utc";

dayjs.extend(utc);

/** §4 The loader overlay shows elapsed time as seconds, or as minutes and seconds. */
export function formatElapsed(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  if (seconds < 60) return `${seconds} s`;
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

const two = (value: number) => String(value).padStart(2, "0");

/** Past this, a time in a state reads as the clock time it began: nobody counts 5:12:09 of offline. */
export const SINCE_AFTER_MS = 3 * 3_600_000;
const clockTime = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit" });

/**
 * How long something has lasted, as people read it: "07:05" under an hour, "1:07:05" past one, and
 * past three hours the time it began, "since 7:08 AM" (in the browser's time zone, or `timeZone`).
 */
export function timeInState(elapsedMs: number, startedAt: Date, timeZone?: string): string {
  const seconds = Math.max(0, Math.floor(elapsedMs / 1000));
  if (elapsedMs >= SINCE_AFTER_MS) {
    const format = timeZone ? new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone }) : clockTime;
    // The time and its AM never part (engines differ on the space they put between them): a clock
    // too narrow for the line shows "since" above "7:08 AM".
    return `since ${format.format(startedAt).replace(/\s/gu, "\u00a0")}`;
  }
  const clock = `${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}`;
  return seconds < 3600 ? clock : `${Math.floor(seconds / 3600)}:${clock}`;
}

const countFormat = new Intl.NumberFormat("en-US");

/** A count with thousands separators, as every report writes them: "2,261". */
export const formatCount = (count: number) => countFormat.format(count);

/** "November 2026" for "2026-11". */
export function monthLabel(month: string): string {
  return dayjs.utc(`${month}-01`).format("MMMM YYYY");
}

const dateFormat = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "2-digit", day: "2-digit", timeZone: "UTC" });

/** A calendar date (YYYY-MM-DD) as the app writes dates, MM/DD/YYYY; '' when absent. */
export function formatDate(value: string | null): string {
  if (!value) return "";
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? value : dateFormat.format(date);
}
