// Whether the queue serves a member to a caller now, and if not, why (openapi.yaml ReasonCounts:
// the reasons in the order they are checked, a member counted under the first that holds it).
import type { components } from "../../contract/schema";
import type { QueueReason, QueueState } from "./memberState.ts";

export type QueueGroup = components["schemas"]["QueueGroup"];

/** The reasons, in the order the queue checks them. */
export const QUEUE_REASONS = [
  "doNotCall",
  "appointmentMade",
  "droppedOrDuplicate",
  "futureAppointment",
  "noDialablePhone",
  "attemptsExhausted",
  "callbackNotDue",
  "claimed",
  "attemptedToday",
  "coolingDown",
  "outsideCallingWindow",
] as const satisfies readonly QueueReason[];

export interface Moment {
  /** The queue's clock (epoch milliseconds). */
  now: number;
  callerId: number;
  /** Whether someone (the caller too) holds a live claim on the member. */
  claimed: boolean;
  /** Whether the member's zone is inside the calling window now. */
  inWindow: boolean;
}

export type Verdict = { served: true; group: QueueGroup } | { served: false; reason: QueueReason };

/** From when the caller is served a member's open callback: its due time for the owner, the grace period's end for others. */
export function servedFrom(callback: NonNullable<QueueState["callback"]>, callerId: number): number {
  return callback.ownerId === callerId ? callback.dueAt : (callback.ownerUntil ?? callback.dueAt);
}

export function verdictOf(state: QueueState, moment: Moment): Verdict {
  const { blocked, callback } = state;
  // A phone issue cools a member down for good, but counts where cooling down comes in the order.
  if (blocked && blocked !== "coolingDown") return { served: false, reason: blocked };
  if (callback && moment.now < servedFrom(callback, moment.callerId)) return { served: false, reason: "callbackNotDue" };
  if (moment.claimed) return { served: false, reason: "claimed" };
  if (!callback && state.attemptsResumeAt !== null && moment.now < state.attemptsResumeAt) return { served: false, reason: "attemptedToday" };
  if (blocked === "coolingDown" || (!callback && state.cooldownEndsAt !== null && moment.now < state.cooldownEndsAt)) return { served: false, reason: "coolingDown" };
  if (!moment.inWindow) return { served: false, reason: "outsideCallingWindow" };
  if (!callback) return { served: true, group: "queue" };
  return { served: true, group: callback.ownerId === moment.callerId ? "yourCallback" : "overdueCallback" };
}

/**
 * Whether the verdict serves the state in the queue's group to any caller by its kept fields alone,
 * once no one holds a live claim on the member and its zone is in the calling window: nothing holds
 * it back, it has no callback, and its wait (readyAt, the later of the day's attempts and the
 * cooldown) is over. These are the fields the queue's walk picks its members by; a state the walk
 * picked and still keeps them needs no verdict worked out apart from its take.
 */
export const servedByItsFields = (state: Pick<QueueState, "blocked" | "callback" | "readyAt">, now: number): boolean =>
  state.blocked === null && state.callback === null && (state.readyAt === null || state.readyAt <= now);
