// §7: saveApplicationUsage "sent 3 s after each navigation when signed in". A page counts as
// visited when the user stays on it for 3 s: a navigation within that time replaces the pending one.
import { assign, setup } from "xstate";
import { notProvided } from "../notProvided";
import { USAGE_TRACKING_DELAY_MS } from "../../lib/constants";

export interface Visitor {
  id: number;
  defaultLocationId: string;
}

export interface PageVisit {
  userId: number;
  defualtPracticeId: string;
  visitedUrl: string;
  /** Idempotency key: a retried post of this visit counts once. */
  token: string;
}

export interface UsageTrackingContext {
  pending: Omit<PageVisit, "token"> | null;
}

export type UsageTrackingEvent = { type: "navigation.changed"; path: string; visitor: Visitor | null };

export const usageTrackingMachine = setup({
  types: { context: {} as UsageTrackingContext, events: {} as UsageTrackingEvent },
  actors: {
    saveVisit: notProvided<void, PageVisit>("saveVisit"),
  },
  delays: { usageTracking: USAGE_TRACKING_DELAY_MS },
  guards: {
    signedIn: ({ event }) => event.visitor !== null,
  },
}).createMachine({
  id: "usageTracking",
  context: { pending: null },
  initial: "idle",
  on: {
    "navigation.changed": [
      {
        guard: "signedIn",
        target: ".waiting",
        reenter: true,
        actions: assign({
          pending: ({ event }) => ({
            userId: event.visitor!.id,
            defualtPracticeId: event.visitor!.defaultLocationId,
            visitedUrl: event.path,
          }),
        }),
      },
      { target: ".idle", actions: assign({ pending: null }) },
    ],
  },
  states: {
    idle: {},
    waiting: {
      after: { usageTracking: "saving" },
    },
    saving: {
      invoke: {
        src: "saveVisit",
        input: ({ context }) => ({ ...context.pending!, token: crypto.randomUUID() }),
        // Usage is background telemetry: a failed post is not the user's problem to see
        // (an ended session still logs out through the API client's signal).
        onDone: { target: "idle", actions: assign({ pending: null }) },
        onError: { target: "idle", actions: assign({ pending: null }) },
      },
    },
  },
});
