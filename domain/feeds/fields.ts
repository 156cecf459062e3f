// How a feed file's cells are read (domain/feeds/layouts.ts): every reader names its column in the
// reason it gives, never the patient's value.
import { calendarDate } from "../import/memberRow.ts";
import { instantOfLocal } from "../queue/zonedTime.ts";

export type Cell<T> = { ok: true; value: T } | { ok: false; reason: string };

const DATE_TIME = /^(\d{4}-\d{2}-\d{2}|\d{1,2}\/\d{1,2}\/\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * An instant written with its offset (`2026-11-20T15:30:00Z`, `…-06:00`) or as the practice's
 * local time (`2026-11-20 09:30`, `11/20/2026 9:30`, a date alone being its midnight): the practice
 * systems write their own wall clock.
 */
export function instantCell(column: string, text: string, timeZone: string): Cell<Date> {
  const at = instantOf(text, timeZone);
  return at === undefined ? { ok: false, reason: `${column} is not a date and time (2026-11-20 09:30, or with its offset)` } : { ok: true, value: new Date(at) };
}

/** Texts read lately, by zone: a file's rows repeat the same minutes (a day's slots, one change stamp for many rows). */
const knownInstants = new Map<string, Map<string, number | undefined>>();
const INSTANTS_KEPT = 20_000;

/** The instant a cell's text names in the zone, in milliseconds, or undefined when it names none. */
function instantOf(text: string, timeZone: string): number | undefined {
  let zone = knownInstants.get(timeZone);
  if (!zone) {
    zone = new Map();
    knownInstants.set(timeZone, zone);
  }
  if (zone.has(text)) return zone.get(text);
  const at = readInstant(text, timeZone);
  if (zone.size >= INSTANTS_KEPT) zone.delete(zone.keys().next().value!);
  zone.set(text, at);
  return at;
}

function readInstant(text: string, timeZone: string): number | undefined {
  if (WITH_OFFSET.test(text)) {
    const at = new Date(text);
    return Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) < "1900-01-01" ? undefined : at.getTime();
  }
  const match = DATE_TIME.exec(text);
  const date = match && calendarDate(match[1]!);
  if (!match || !date) return undefined;
  const [hours, minutes, seconds] = [Number(match[2] ?? 0), Number(match[3] ?? 0), Number(match[4] ?? 0)];
  if (hours > 23 || minutes > 59 || seconds > 59) return undefined;
  return instantOfLocal(date, hours * 60 + minutes, timeZone) + seconds * 1000;
}

/** One of a list of words, in any case; the list's own spelling is kept. */
export function oneOfCell<T extends string>(column: string, text: string, words: readonly T[], aliases: Readonly<Record<string, NoInfer<T>>> = {}): Cell<T> {
  const lower = text.toLowerCase();
  const found = words.find((word) => word.toLowerCase() === lower) ?? aliases[lower];
  return found ? { ok: true, value: found } : { ok: false, reason: `${column} must be one of ${words.join(", ")}` };
}

const SOURCE_NUMBER = /^[A-Za-z0-9_.:-]{1,40}$/;

/** The source's own number of a row (an appointment, a patient): 1–40 letters, digits or `_.:-`. */
export const numberCell = (column: string, text: string): Cell<string> =>
  SOURCE_NUMBER.test(text) ? { ok: true, value: text } : { ok: false, reason: `${column} must be 1–40 letters, digits or _.:-` };

const MAX_TEXT = 200;
export const textCell = (column: string, text: string): Cell<string> =>
  text.length <= MAX_TEXT ? { ok: true, value: text } : { ok: false, reason: `${column} is longer than ${MAX_TEXT} characters` };

const YES = ["true", "yes", "y", "1", "x"];
const NO = ["false", "no", "n", "0", ""];
export function flagCell(column: string, text: string): Cell<boolean> {
  const lower = text.toLowerCase();
  if (YES.includes(lower)) return { ok: true, value: true };
  if (NO.includes(lower)) return { ok: true, value: false };
  return { ok: false, reason: `${column} must be true or false (yes/no, 1/0)` };
}
