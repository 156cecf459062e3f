// A member's place in the work queue, worked out when something about it changes (a saved result,
// a callback booked or moved, attempts reset, an import) and kept by each backend: what holds it
// back for good, until when it waits, and the keys of the queue's order. What depends on the
// moment of asking (a claim, the calling window, a wait that has ended) is read with it: verdict.ts.
import type { components } from "../../contract/schema";
import { addDays, type IsoDate } from "../calendar.ts";
import { APPOINTMENT_MADE } from "../vocabulary.ts";
import { INACTIVE_STATUSES, isDialable, isDoNotCall, samePhone } from "./results.ts";
import { PHONE_ISSUES, type QueueRules } from "./rules.ts";
import { memberTimeZone } from "./timeZones.ts";
import { localTimeOf, nextLocalMidnight } from "./zonedTime.ts";

type Schemas = components["schemas"];
export type QueueReason = keyof Schemas["ReasonCounts"];

/** What holds a member back however long one waits (until a person changes something). */
export type BlockedReason = Extract<QueueReason, "doNotCall" | "appointmentMade" | "droppedOrDuplicate" | "futureAppointment" | "noDialablePhone" | "attemptsExhausted" | "coolingDown">;

/** The most urgent planned treatment first; members without one after every priority. */
export const PRIORITY_RANKS: Readonly<Record<Schemas["TreatmentPriority"], number>> = { P1: 1, P2: 2, P3: 3, P4: 4 };
export const NO_PRIORITY_RANK = 5;

/** The open callback of a member, as the queue reads it. */
export interface QueuedCallback {
  dueAt: number;
  /** null: anyone's. */
  ownerId: number | null;
  /** Until when only the owner is served it; null when it is anyone's. */
  ownerUntil: number | null;
}

/** What a member's queue state is worked out from (instants in epoch milliseconds). */
export interface QueueFacts {
  result: Schemas["MemberResult"];
  status: Schemas["MemberStatus"];
  phone: string;
  state: string;
  practiceTimeZone: string;
  lastVisit: IsoDate | null;
  priority: Schemas["TreatmentPriority"] | null;
  /** When each attempt since the last reset was saved, oldest first. */
  attemptTimes: readonly number[];
  /** When the latest saved result (the one the member shows) was saved; null without one. */
  latestResultAt: number | null;
  /** The phone the member had when Phone number issues was saved; null when unknown (taken as unchanged). */
  issuePhone: string | null;
  callback: QueuedCallback | null;
  /** The practice's schedule has a Scheduled appointment of the member ahead (the practice feeds). */
  appointmentAhead: boolean;
}

export interface QueueState {
  /** What holds the member back for good; null when nothing does. */
  blocked: BlockedReason | null;
  timeZone: string;
  /** Treatment priority 1 (P1) to 4, NO_PRIORITY_RANK without one. */
  rank: number;
  /** Last visit + the recare interval; null without a visit. */
  recareDue: IsoDate | null;
  attempts: number;
  lastAttemptAt: number | null;
  /** Until when the day's attempts are used up (the next local midnight); null when they are not. */
  attemptsResumeAt: number | null;
  /** Until when the member rests after its latest result; null when it does not. */
  cooldownEndsAt: number | null;
  callback: QueuedCallback | null;
  /** Before this instant nobody but a callback's owner is served the member; null: nothing to wait for. */
  readyAt: number | null;
}

/** Adds months to a date, the day kept where the month has it (31 August + 6 months is 28 or 29 February). */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return addDays(first.toISOString().slice(0, 10), Math.min(day, lastDay) - 1);
}

function blockedOf(facts: QueueFacts, rules: QueueRules): BlockedReason | null {
  if (isDoNotCall(facts.result)) return "doNotCall";
  // A callback is a promise to a person: only a do-not-call result (which cancels it) or a phone
  // that cannot be dialled stands in its way.
  if (facts.callback) return isDialable(facts.phone) ? null : "noDialablePhone";
  if (facts.result === APPOINTMENT_MADE) return "appointmentMade";
  if ((INACTIVE_STATUSES as readonly string[]).includes(facts.status)) return "droppedOrDuplicate";
  // Booked at the practice: nothing to call about until the schedule says otherwise.
  if (facts.appointmentAhead) return "futureAppointment";
  if (!isDialable(facts.phone)) return "noDialablePhone";
  if (facts.attemptTimes.length >= rules.maxAttempts) return "attemptsExhausted";
  if (facts.result === PHONE_ISSUES && (facts.issuePhone === null || samePhone(facts.issuePhone, facts.phone))) return "coolingDown";
  return null;
}

/** When the attempts of the last attempt's local day are used up: the next local midnight. */
function attemptsResumeAtOf(attemptTimes: readonly number[], timeZone: string, perDay: number): number | null {
  const last = attemptTimes.at(-1);
  if (last === undefined) return null;
  const day = localTimeOf(last, timeZone).date;
  const thatDay = attemptTimes.filter((at) => localTimeOf(at, timeZone).date === day).length;
  return thatDay >= perDay ? nextLocalMidnight(last, timeZone) : null;
}

export function queueStateOf(facts: QueueFacts, rules: QueueRules): QueueState {
  const timeZone = memberTimeZone(facts.state, facts.practiceTimeZone);
  const cooldown = rules.cooldownMs[facts.result];
  const cooldownEndsAt = cooldown !== undefined && facts.latestResultAt !== null ? facts.latestResultAt + cooldown : null;
  const attemptsResumeAt = attemptsResumeAtOf(facts.attemptTimes, timeZone, rules.attemptsPerDay);
  const { callback } = facts;
  const waits = [attemptsResumeAt, cooldownEndsAt].filter((at): at is number => at !== null);
  return {
    blocked: blockedOf(facts, rules),
    timeZone,
    rank: facts.priority ? PRIORITY_RANKS[facts.priority] : NO_PRIORITY_RANK,
    recareDue: facts.lastVisit && addMonths(facts.lastVisit, rules.recareMonths),
    attempts: facts.attemptTimes.length,
    lastAttemptAt: facts.attemptTimes.at(-1) ?? null,
    attemptsResumeAt,
    cooldownEndsAt,
    callback,
    // Others than its owner wait for a callback's grace period; the callback waits for nothing else.
    readyAt: callback ? (callback.ownerUntil ?? callback.dueAt) : waits.length > 0 ? Math.max(...waits) : null,
  };
}
