// The rules of the work queue (docs/architecture.md, The queue): every number is a default that a
// deployment may change (the server reads QUEUE_* and CALLBACK_* variables, server/config.ts, and
// checks them at start; docs/operations.md documents each). The fake backend follows the defaults.
import type { components } from "../../contract/schema";

type MemberResult = components["schemas"]["MemberResult"];

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** Local time of day, in minutes after midnight of the member's own zone. */
export interface CallingWindow {
  /** The first minute calls are made (included). */
  opensAt: number;
  /** The minute calls stop (excluded): a window of 8:00 to 21:00 takes 20:59, not 21:00. */
  closesAt: number;
}

export interface QueueRules {
  /** When members are called and callbacks booked, in each member's local time. */
  callingWindow: CallingWindow;
  /** Attempts (saved results other than Blank) after which the queue stops serving a member, until reset. */
  maxAttempts: number;
  /** Attempts on one local day of the member's after which it waits for the next day. */
  attemptsPerDay: number;
  /** How long a member rests after each of these results (Phone number issues rests until the phone changes). */
  cooldownMs: Partial<Record<MemberResult, number>>;
  /** How long after its due time a callback stays its owner's before anyone is served it. */
  callbackGraceMs: number;
  /** How far ahead a callback may be booked. */
  callbackMaxDaysAhead: number;
  /** The most open callbacks one agent may own. */
  maxOpenCallbacks: number;
  /** Recare is due this many months after the last visit (the order's "days past recare due"). */
  recareMonths: number;
}

export const DEFAULT_QUEUE_RULES: QueueRules = {
  // The hours US telemarketing rules allow (47 CFR 64.1200: 8 a.m. to 9 p.m. at the called party's location).
  callingWindow: { opensAt: 8 * 60, closesAt: 21 * 60 },
  // Six tries reach nearly everyone who answers at all; more is pestering a family.
  maxAttempts: 6,
  // One call a day: a family called twice a day hangs up on the third.
  attemptsPerDay: 1,
  cooldownMs: {
    // Not picked up: try again later the same day's other half, once the day allows.
    "No answer": 4 * HOUR_MS,
    // A message was left: give them two days to call back before calling again.
    "Left message": 48 * HOUR_MS,
  },
  // A callback stays with the agent who promised it for half an hour past its time, then anyone keeps the promise.
  callbackGraceMs: 30 * MINUTE_MS,
  // A month ahead covers "after the holidays"; beyond it the member's situation has changed.
  callbackMaxDaysAhead: 30,
  // Fifty promises is more than an agent can keep in a week of shifts.
  maxOpenCallbacks: 50,
  // The recare interval of the practices' hygiene schedules.
  recareMonths: 6,
};

/** The result whose cooldown lasts until the member's phone number changes. */
export const PHONE_ISSUES = "Phone number issues" satisfies MemberResult;

/**
 * What the stored queue state of every member depends on, as text: when it changes (a deployment
 * changed a rule, or the computation itself changed), every member's state is worked out again.
 * The calling window is left out: it is applied when the queue is read.
 */
export function rulesFingerprint(rules: QueueRules, version: number): string {
  const { callingWindow: _window, ...stored } = rules;
  return JSON.stringify({ version, ...stored, cooldownMs: Object.entries(stored.cooldownMs).sort() });
}
