// How a phone system names its recordings (docs/operations.md, Call recordings from the phone
// system): a key layout is a pattern of fields in braces, `{YYYY}/{MM}/{DD}/{phone}_{hh}{mm}{ss}.{ext}`,
// read into what a recording row needs. The presets are what real systems write. A field given
// twice must read the same both times (FreePBX writes the date in the folder and in the name).
import { isCalendarDate, startOfZonedDay, zonedHour } from "../calendar.ts";

/** The fields a pattern may use, each with what its text must look like. */
const FIELDS = {
  YYYY: "\\d{4}",
  MM: "\\d{2}",
  DD: "\\d{2}",
  hh: "\\d{2}",
  mm: "\\d{2}",
  ss: "\\d{2}",
  /** Amazon Connect's `20261116T15:30` (UTC). */
  timestamp: "\\d{8}T\\d{2}:?\\d{2}(?::?\\d{2})?",
  practice: "[^/]+?",
  campaign: "[^/]+?",
  phone: "[^/]+?",
  agent: "[^/]+?",
  /** FreePBX: the number called and the number calling; the member's is the outside one. */
  to: "[^/]+?",
  from: "[^/]+?",
  type: "[^/]+?",
  uniqueid: "[^/]+?",
  contactId: "[^/]+?",
  alias: "[^/]+?",
  ext: "[A-Za-z0-9]+",
} as const;

type Field = keyof typeof FIELDS;

export const LAYOUT_PRESETS = {
  /** FreePBX / Asterisk: under its monitor folder (/var/spool/asterisk/monitor). */
  freepbx: "{YYYY}/{MM}/{DD}/{type}-{to}-{from}-{YYYY}{MM}{DD}-{hh}{mm}{ss}-{uniqueid}.{ext}",
  /** Amazon Connect: stereo, agent right and member left; the key names neither. */
  "amazon-connect": "connect/{alias}/CallRecordings/{YYYY}/{MM}/{DD}/{contactId}_{timestamp}_UTC.{ext}",
  /** Recall Desk's own: everything the row needs is in the key. */
  "recall-desk": "{YYYY}-{MM}-{DD}/{practice}/{campaign}/{phone}_{agent}_{hh}{mm}{ss}.{ext}",
} as const;

export type LayoutPreset = keyof typeof LAYOUT_PRESETS;
export const DEFAULT_LAYOUT: LayoutPreset = "recall-desk";

/** What a key says of its recording; what it leaves out comes from the call start it matches. */
export interface KeyFacts {
  /** The instant of the call. */
  recordedAt: Date;
  /** The member's phone, digits only (the last 10 of a longer number); undefined when the key has none. */
  phone?: string;
  practice?: string;
  campaign?: string;
  agentEmail?: string;
}

export interface KeyLayout {
  pattern: string;
  /** The key's facts, or why it does not fit the layout. */
  read: (key: string, timeZone: string) => KeyFacts | { refused: string };
}

const HOUR_MS = 3_600_000;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Patterns' problems, as the server's start says them; undefined when it is a usable layout. */
export function layoutProblem(pattern: string): string | undefined {
  const fields = [...pattern.matchAll(/\{([^}]*)\}/g)].map((match) => match[1]!);
  const unknown = fields.filter((field) => !(field in FIELDS));
  if (unknown.length > 0) return `has unknown fields ${unknown.map((field) => `{${field}}`).join(", ")} (known: ${Object.keys(FIELDS).join(", ")})`;
  const has = (field: Field) => fields.includes(field);
  if (!has("timestamp") && !(has("YYYY") && has("MM") && has("DD"))) return "must give the day: {YYYY}, {MM} and {DD}, or {timestamp}";
  return undefined;
}

function regExpOf(pattern: string): RegExp {
  const seen = new Set<string>();
  const source = pattern.split(/(\{[^}]*\})/).map((part) => {
    const field = /^\{(.*)\}$/.exec(part)?.[1] as Field | undefined;
    if (!field) return escapeRegExp(part);
    if (seen.has(field)) return `\\k<${field}>`;
    seen.add(field);
    return `(?<${field}>${FIELDS[field]})`;
  });
  return new RegExp(`^${source.join("")}$`);
}

/** A phone's digits, the last 10 of a longer number (a leading country code 1). */
export function phoneDigits(text: string): string {
  const digits = text.replace(/\D/g, "");
  return digits.length > 10 ? digits.slice(-10) : digits;
}

/** An outside number, not an extension: FreePBX's `to` and `from` hold one of each. */
const isOutsideNumber = (text: string | undefined) => text !== undefined && phoneDigits(text).length >= 7;

/** The instant the zone's clocks show that day and time (a time the clocks skip reads as the hour after). */
function zonedInstant(date: string, hour: number, minute: number, second: number, timeZone: string): number {
  const guess = startOfZonedDay(date, timeZone) + hour * HOUR_MS + minute * 60_000 + second * 1000;
  const shown = zonedHour(guess, timeZone);
  return guess + (((hour - shown + 36) % 24) - 12) * HOUR_MS;
}

function instantOf(fields: Partial<Record<Field, string>>, timeZone: string): Date | undefined {
  if (fields.timestamp) {
    const [, y, mo, d, h, mi, s = "00"] = /^(\d{4})(\d{2})(\d{2})T(\d{2}):?(\d{2}):?(\d{2})?$/.exec(fields.timestamp) ?? [];
    const date = `${y}-${mo}-${d}`;
    if (!isCalendarDate(date) || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return undefined;
    return new Date(`${date}T${h}:${mi}:${s}Z`);
  }
  const date = `${fields.YYYY}-${fields.MM}-${fields.DD}`;
  const [hour, minute, second] = [fields.hh, fields.mm, fields.ss].map((value) => Number(value ?? 0)) as [number, number, number];
  if (!isCalendarDate(date) || hour > 23 || minute > 59 || second > 59) return undefined;
  return new Date(zonedInstant(date, hour, minute, second, timeZone));
}

function phoneOf(fields: Partial<Record<Field, string>>): string | undefined {
  if (fields.phone !== undefined) return phoneDigits(fields.phone);
  const outside = [fields.to, fields.from].find(isOutsideNumber);
  return outside === undefined ? undefined : phoneDigits(outside);
}

/** A preset's name or a pattern; throws with the problem of a pattern that cannot be used. */
export function keyLayoutOf(presetOrPattern: string): KeyLayout {
  const pattern = presetOrPattern in LAYOUT_PRESETS ? LAYOUT_PRESETS[presetOrPattern as LayoutPreset] : presetOrPattern;
  const problem = layoutProblem(pattern);
  if (problem) throw new Error(`the key layout ${problem}`);
  const matcher = regExpOf(pattern);
  return {
    pattern,
    read(key, timeZone) {
      const fields = matcher.exec(key)?.groups as Partial<Record<Field, string>> | undefined;
      if (!fields) return { refused: `does not fit the layout ${pattern}` };
      const recordedAt = instantOf(fields, timeZone);
      if (!recordedAt) return { refused: "its date or time is not a real one" };
      const phone = phoneOf(fields);
      if (fields.phone !== undefined && (phone === undefined || phone.length < 7)) return { refused: `"${fields.phone}" is not a phone number` };
      return { recordedAt, phone, practice: fields.practice, campaign: fields.campaign, agentEmail: fields.agent?.toLowerCase() };
    },
  };
}
