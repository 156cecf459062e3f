// The live event stream of the members list and the live board (docs/architecture.md, Agents as a
// team): connects (a ticket, then GET /events), hands each event the stream's provider reads
// (saved results, notes and claims for the list; agents' rows for the board) to its parent while
// live, tells it when the stream drops, reconnects with a doubling, jittered backoff when the stream
// drops or falls silent, and after a reconnect asks the parent to reload what it shows (resyncing),
// because nothing sent while it was away is replayed. The members and live board machines invoke
// it; the stream itself is provided by src/app.
import { assign, fromCallback, sendParent, setup } from "xstate";
import type { LiveEvent, StreamedEvent } from "../../../domain/team/events.ts";
import { STREAM_BACKOFF_FIRST_MS, STREAM_BACKOFF_MAX_MS, STREAM_SILENCE_MS } from "../../lib/constants";

export type { LiveEvent };

/** What the stream reports: opened (the answer's headers), an event, any other sign of life, the end. */
export type StreamEvent =
  | { type: "stream.open" }
  | { type: "stream.event"; event: StreamedEvent }
  | { type: "stream.beat" }
  | { type: "stream.failed" };

/**
 * What the parent receives (the events of the kinds its stream reads), and the one thing it answers
 * (`live.resynced` once it has reloaded). `live.interrupted` says the stream dropped.
 */
export type LiveListEvent<E extends StreamedEvent = LiveEvent> = { type: "live.event"; event: E } | { type: "live.resync" } | { type: "live.interrupted" };
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
    deliver: sendParent((_, params: { event: StreamedEvent }): LiveListEvent<StreamedEvent> => ({ type: "live.event", event: params.event })),
    askResync: sendParent({ type: "live.resync" } satisfies LiveListEvent),
    tellInterrupted: sendParent({ type: "live.interrupted" } satisfies LiveListEvent),
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
      entry: [assign({ failures: ({ context }) => context.failures + 1, missedChanges: true }), "tellInterrupted"],
      after: { reconnectBackoff: "streaming" },
    },
  },
});
