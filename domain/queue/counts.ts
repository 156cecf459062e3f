// The queue's counts (openapi.yaml QueueCounts): how many members the caller could be served now,
// how many each reason holds back, when the calling window next opens for those outside it and
// when the next member waiting out its attempts of the day or its cooldown can be served again.
import type { components } from "../../contract/schema";
import { nextWindowOpening } from "./callingWindow.ts";
import type { QueueState } from "./memberState.ts";
import type { QueueRules } from "./rules.ts";
import { QUEUE_REASONS, type Verdict } from "./verdict.ts";

type Schemas = components["schemas"];
export type ReasonCounts = Schemas["ReasonCounts"];

export const noReasons = (): ReasonCounts => Object.fromEntries(QUEUE_REASONS.map((reason) => [reason, 0])) as ReasonCounts;

/** Counts members one at a time: each verdict, and its state for the times to come. */
export function queueCounter(now: number, rules: QueueRules) {
  const notEligible = noReasons();
  let eligible = 0;
  let nextWindow: number | null = null;
  let nextWaitEnd: number | null = null;
  const earliest = (current: number | null, candidate: number) => (current === null || candidate < current ? candidate : current);
  return {
    /** Adds `count` members of this state and verdict (a backend may count alike members at once). */
    add(state: QueueState, verdict: Verdict, count = 1) {
      if (verdict.served) eligible += count;
      else notEligible[verdict.reason] += count;
      if (!verdict.served && verdict.reason === "outsideCallingWindow") nextWindow = earliest(nextWindow, nextWindowOpening(now, state.timeZone, rules.callingWindow));
      // When the next member waiting out its day's attempts or its cooldown can be served again.
      const waiting = !verdict.served && (verdict.reason === "attemptedToday" || verdict.reason === "coolingDown");
      if (waiting && state.readyAt !== null && state.readyAt > now) nextWaitEnd = earliest(nextWaitEnd, state.readyAt);
    },
    counts(): Schemas["QueueCounts"] {
      const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());
      return { eligible, notEligible, nextWindowOpensAt: iso(nextWindow), nextCooldownEndsAt: iso(nextWaitEnd) };
    },
  };
}
