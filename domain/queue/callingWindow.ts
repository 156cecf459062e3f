// The calling window (domain/queue/rules.ts): members are called, and callbacks booked, only
// between its opening and closing minute of the member's local day.
import { addDays } from "../calendar.ts";
import type { CallingWindow } from "./rules.ts";
import { instantOfLocal, localTimeOf } from "./zonedTime.ts";

/** Whether the instant lies inside the window in the zone (its opening minute in, its closing minute out). */
export function isInCallingWindow(instant: number, timeZone: string, window: CallingWindow): boolean {
  const { minutes } = localTimeOf(instant, timeZone);
  return minutes >= window.opensAt && minutes < window.closesAt;
}

/** The next opening of the window in the zone after the instant (today's if it is still ahead). */
export function nextWindowOpening(instant: number, timeZone: string, window: CallingWindow): number {
  const { date, minutes } = localTimeOf(instant, timeZone);
  return instantOfLocal(minutes < window.opensAt ? date : addDays(date, 1), window.opensAt, timeZone);
}

/** "8:00–21:00", as messages write the window. */
export function windowText(window: CallingWindow): string {
  const clock = (minutes: number) => `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}`;
  return `${clock(window.opensAt)}–${clock(window.closesAt)}`;
}
