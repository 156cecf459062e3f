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
