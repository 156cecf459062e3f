// A callback's time as agents choose and read it: a date and a time of day in the MEMBER's zone
// (the calling window is theirs), the picker's presets, and the due time in the member's zone with
// the agent's own beside it when the zones differ. Display and choice only: whether a time may be
// booked is the server's rule (domain/queue/callbacks.ts).
import { addDays, type IsoDate } from "../../../domain/calendar.ts";
import { instantOfLocal, localTimeOf } from "../../../domain/queue/zonedTime.ts";

const MINUTE_MS = 60_000;
/** "In 2 hours" lands on a round time: the next 5 minutes after it. */
const PRESET_ROUNDING_MS = 5 * MINUTE_MS;
const PRESET_MORNING = 9 * 60;

export type CallbackPreset = "in2Hours" | "tomorrow9" | "nextMonday9";

export const PRESETS: { preset: CallbackPreset; label: string; key: string }[] = [
  { preset: "in2Hours", label: "In 2 hours", key: "1" },
  { preset: "tomorrow9", label: "Tomorrow 9:00", key: "2" },
  { preset: "nextMonday9", label: "Next Monday 9:00", key: "3" },
];

/** A day and a time of day in the member's zone, as the picker's fields hold them ("2026-11-28", "15:00"). */
export interface LocalChoice {
  date: IsoDate;
  time: string;
}

const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** The local day and time of an instant in the zone, as the picker's fields write them. */
export function choiceAt(instant: number, timeZone: string): LocalChoice {
  const { date, minutes } = localTimeOf(instant, timeZone);
  return { date, time: clock(minutes) };
}

/** The preset's day and time in the member's zone, counted from `now`. */
export function presetChoice(preset: CallbackPreset, now: number, timeZone: string): LocalChoice {
  if (preset === "in2Hours") return choiceAt(Math.ceil((now + 120 * MINUTE_MS) / PRESET_ROUNDING_MS) * PRESET_ROUNDING_MS, timeZone);
  const today = localTimeOf(now, timeZone).date;
  if (preset === "tomorrow9") return { date: addDays(today, 1), time: clock(PRESET_MORNING) };
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  // Monday is 1; on a Monday, next Monday is a week away.
  return { date: addDays(today, (8 - weekday) % 7 || 7), time: clock(PRESET_MORNING) };
}

/** The instant (ISO 8601) of a day and time in the member's zone; null while the fields do not make one. */
export function dueAtOf({ date, time }: LocalChoice, timeZone: string): string | null {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !match) return null;
  const instant = instantOfLocal(date, Number(match[1]) * 60 + Number(match[2]), timeZone);
  return Number.isNaN(instant) ? null : new Date(instant).toISOString();
}

/** The zone the agent's browser is in. */
export const agentZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(timeZone: string, withDay: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${withDay}`;
  let format = formats.get(key);
  if (!format) {
    const day = withDay ? ({ weekday: "short", month: "short", day: "numeric" } as const) : {};
    format = new Intl.DateTimeFormat("en-US", { ...day, hour: "numeric", minute: "2-digit", timeZone, timeZoneName: "short" });
    formats.set(key, format);
  }
  return format;
}

/** Whether two zones show the same clock at the instant (Chicago and Winnipeg do). */
const sameClock = (instant: number, a: string, b: string) => a === b || formatIn(a, true).format(instant) === formatIn(b, true).format(instant);

/**
 * "Fri, Nov 28, 3:00 PM CST" in the member's zone, and the agent's "4:00 PM EST" when their clock
 * differs (null when it reads the same).
 */
export function dueTimes(dueAt: string, memberZone: string, mine: string = agentZone()): { member: string; mine: string | null } {
  const instant = Date.parse(dueAt);
  return { member: formatIn(memberZone, true).format(instant), mine: sameClock(instant, memberZone, mine) ? null : formatIn(mine, false).format(instant) };
}

/** "Fri, Nov 28, 3:00 PM CST (4:00 PM EST yours)". */
export function dueText(dueAt: string, memberZone: string, mine: string = agentZone()): string {
  const times = dueTimes(dueAt, memberZone, mine);
  return times.mine ? `${times.member} (${times.mine} yours)` : times.member;
}

/** The preset a key chooses in the picker ("1", "2", "3"); none while typing in a field or with a modifier. */
export function presetForKey(key: string, inField: boolean, modified: boolean): CallbackPreset | null {
  if (inField || modified) return null;
  return PRESETS.find((entry) => entry.key === key)?.preset ?? null;
}
