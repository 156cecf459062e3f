// The live event stream of the members list (docs/architecture.md, Agents as a team): connects
// (a ticket, then GET /events), hands each saved result, note and claim to the list while live,
// reconnects with a doubling, jittered backoff when the stream drops or falls silent, and after a reconnect
// asks the list to reload its page (resyncing), because nothing sent while it was away is replayed.
// The members machine invokes it while the list is shown; the stream itself is provided by src/app.
import { assign, fromCallback, sendParent, setup } from "xstate";
import type { LiveEvent } from "../../../domain/team/events.ts";
import { STREAM_BACKOFF_FIRST_MS, STREAM_BACKOFF_MAX_MS, STREAM_SILENCE_MS } from "../../lib/constants";

export type { LiveEvent };

/** What the stream reports: opened (the answer's headers), an event, any other sign of life, the end. */
export type StreamEvent =
  | { type: "stream.open" }
  | { type: "stream.event"; event: LiveEvent }
  | { type: "stream.beat" }
  | { type: "stream.failed" };

/** What the list receives, and the one thing it answers (`live.resynced` once its page is reloaded). */
export type LiveListEvent = { type: "live.event"; event: LiveEvent } | { type: "live.resync" };
export type LiveEventsEvent = StreamEvent | { type: "live.resynced" };

export interface LiveEventsContext {
  /** Failed connections in a row: the backoff doubles with each. */
  failures: number;
  /** The list may have missed changes (a connection failed since it loaded): reload on the next open. */
  missedChanges: boolean;
}

/**
 * Up to 1 s, 2 s, 4 s … 30 s, each wait drawn between half and all of that ("equal jitter"): after a
 * server restart, the call center's browsers come back spread over the wait, not all at once.
 */
export const backoffAfter = (failures: number, random: () => number = Math.random) => {
  const ceiling = Math.min(STREAM_BACKOFF_FIRST_MS * 2 ** Math.max(0, failures - 1), STREAM_BACKOFF_MAX_MS);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
};

export const liveEventsMachine = setup({
  types: {
    context: {} as LiveEventsContext,
    events: {} as LiveEventsEvent,
  },
  actors: {
    /** Takes a ticket and opens GET /events; reports StreamEvents; closes the stream when stopped. */
    stream: fromCallback<LiveEventsEvent>(() => {
      throw new Error("stream is not provided");
    }),
  },
  actions: {
    deliver: sendParent((_, params: { event: LiveEvent }): LiveListEvent => ({ type: "live.event", event: params.event })),
    askResync: sendParent({ type: "live.resync" } satisfies LiveListEvent),
  },
  guards: {
    missedChanges: ({ context }) => context.missedChanges,
  },
  delays: {
    reconnectBackoff: ({ context }) => backoffAfter(context.failures),
    streamSilence: STREAM_SILENCE_MS,
  },
}).createMachine({
  id: "liveEvents",
  context: { failures: 0, missedChanges: false },
  initial: "streaming",
  states: {
    streaming: {
      invoke: { src: "stream", onError: "reconnecting" },
      initial: "connecting",
      on: {
        "stream.event": { actions: { type: "deliver", params: ({ event }) => ({ event: event.event }) } },
        "stream.failed": "reconnecting",
      },
      states: {
        connecting: {
          on: {
            "stream.open": [{ guard: "missedChanges", target: "resyncing" }, { target: "live" }],
          },
        },
        /** The list reloads its page; events keep coming and are applied meanwhile. */
        resyncing: {
          entry: "askResync",
          on: { "live.resynced": { target: "live", actions: assign({ missedChanges: false }) } },
        },
        live: {
          entry: assign({ failures: 0 }),
          after: { streamSilence: "#liveEvents.reconnecting" },
          on: {
            "stream.event": {
              target: "live",
              reenter: true,
              actions: { type: "deliver", params: ({ event }) => ({ event: event.event }) },
            },
            "stream.beat": { target: "live", reenter: true },
          },
        },
      },
    },
    reconnecting: {
      entry: assign({ failures: ({ context }) => context.failures + 1, missedChanges: true }),
      after: { reconnectBackoff: "streaming" },
    },
  },
});
