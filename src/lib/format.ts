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
