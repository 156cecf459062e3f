// "My callbacks (n)" on the members screen (docs/architecture.md, The work queue: callbacks in the
// browser): the agent's open callbacks, due first, each marked once it is due; opening one shows
// its member in the list. It follows the list's live stream (the list emits each event it hears):
// a callback of the agent's that is booked, moved, comes due, is reassigned to or away from them,
// closed or cancelled changes the panel without a reload; one whose member it has not seen yet
// (a colleague's reassignment) reads the list again. After the stream reconnects it reads it again
// too, since nothing sent meanwhile is replayed. Effects are named here and provided by src/app.
import { assign, enqueueActions, fromCallback, setup, type ActorRefFrom, type EventObject } from "xstate";
import type { components } from "../../../../contract/schema";
import type { LiveEvent } from "../../../../domain/team/events.ts";
import { serverNow } from "../../../api/serverClock";
import { toFailure } from "../../../api/errors";
import { notProvided } from "../../notProvided";
import { ALL, NO_FILTERS } from "../../members/members.filters";
import type { ListEvent } from "../../members/list/list.types";
import type { ListRef } from "../../members/list/list.follow";

export type CallbackItem = components["schemas"]["CallbackItem"];
type CallbackEvent = Extract<LiveEvent, { event: "callback" }>["data"];

export interface MyCallbacksInput {
  list: ListRef;
  userId: number;
}

export interface MyCallbacksContext extends MyCallbacksInput {
  callbacks: CallbackItem[];
  /** The server's time when the marks were last set: a callback due by then is marked. */
  now: number;
  failure: string | null;
}

export type MyCallbacksEvent =
  | { type: "callbacks.mine.toggle" }
  | { type: "callbacks.mine.close" }
  | { type: "callbacks.mine.show"; callbackId: number }
  | { type: "callbacks.mine.retry" }
  | { type: "callbacks.mine.changed" }
  /** What the list emits of its stream (its `members.live` and `members.live.resync`). */
  | { type: "members.live"; event: LiveEvent }
  | { type: "members.live.resync" };

const byDue = (a: CallbackItem, b: CallbackItem) => Date.parse(a.dueAt) - Date.parse(b.dueAt) || a.id - b.id;

/** The panel after a callback event: the callback changed in place, dropped, or unknown (read the list again). */
export function applyCallbackEvent(callbacks: CallbackItem[], { change, callback }: CallbackEvent, userId: number): CallbackItem[] | "reload" {
  const known = callbacks.find((item) => item.id === callback.id);
  const mine = callback.status === "open" && callback.owner?.id === userId && change !== "closed" && change !== "cancelled";
  if (!mine) return known ? callbacks.filter((item) => item.id !== callback.id) : callbacks;
  if (!known) return "reload";
  return callbacks.map((item) => (item.id === callback.id ? { ...item, ...callback, member: item.member } : item)).sort(byDue);
}

/** Milliseconds until the first callback not yet due comes due; null when every one is. */
export function untilNextDue(callbacks: readonly CallbackItem[], now: number): number | null {
  const ahead = callbacks.map((item) => Date.parse(item.dueAt)).filter((due) => due > now);
  return ahead.length ? Math.min(...ahead) - now : null;
}

/** Hears what the list emits of its stream. */
const followStream = fromCallback<EventObject, { list: ListRef }>(({ input: { list }, sendBack }) => {
  const live = list.on("members.live", (event) => sendBack(event));
  const resync = list.on("members.live.resync", (event) => sendBack(event));
  return () => {
    live.unsubscribe();
    resync.unsubscribe();
  };
});

export const myCallbacksMachine = setup({
  types: {
    input: {} as MyCallbacksInput,
    context: {} as MyCallbacksContext,
    events: {} as MyCallbacksEvent,
  },
  actors: {
    loadMyCallbacks: notProvided<CallbackItem[], void>("loadMyCallbacks"),
    followStream,
  },
  actions: {
    /** The marks are set again for now, and the wait for the next callback to come due starts again. */
    markDue: enqueueActions(({ enqueue }) => {
      enqueue.assign({ now: () => serverNow().getTime() });
      enqueue.raise({ type: "callbacks.mine.changed" });
    }),
  },
  guards: {
    anyAhead: ({ context }) => untilNextDue(context.callbacks, context.now) !== null,
  },
  delays: {
    nextDue: ({ context }) => untilNextDue(context.callbacks, serverNow().getTime()) ?? 0,
  },
}).createMachine({
  id: "myCallbacks",
  context: ({ input }) => ({ ...input, callbacks: [], now: serverNow().getTime(), failure: null }),
  invoke: { src: "followStream", input: ({ context }) => ({ list: context.list }) },
  type: "parallel",
  states: {
    data: {
      initial: "loading",
      on: {
        "members.live": {
          guard: ({ event }) => event.event.event === "callback",
          actions: enqueueActions(({ context, event, enqueue }) => {
            if (event.event.event !== "callback") return;
            const next = applyCallbackEvent(context.callbacks, event.event.data, context.userId);
            if (next === "reload") enqueue.raise({ type: "members.live.resync" });
            else enqueue.assign({ callbacks: next });
            enqueue("markDue");
          }),
        },
        "members.live.resync": ".loading",
      },
      states: {
        loading: {
          invoke: {
            src: "loadMyCallbacks",
            onDone: { target: "ready", actions: [assign({ callbacks: ({ event }) => [...event.output].sort(byDue), failure: null }), "markDue"] },
            onError: { target: "failed", actions: assign({ failure: ({ event }) => toFailure(event.error, "Your callbacks could not be loaded.").message }) },
          },
        },
        ready: {},
        failed: { on: { "callbacks.mine.retry": "loading" } },
      },
    },
    /** A callback coming due is marked at its due time, even before the stream's `due` event. */
    dueMarks: {
      initial: "idle",
      on: { "callbacks.mine.changed": ".checking" },
      states: {
        checking: { always: [{ guard: "anyAhead", target: "waiting" }, { target: "idle" }] },
        idle: {},
        waiting: { after: { nextDue: { target: "checking", actions: "markDue" } } },
      },
    },
    panel: {
      initial: "closed",
      states: {
        closed: { on: { "callbacks.mine.toggle": "open" } },
        open: {
          on: {
            "callbacks.mine.toggle": "closed",
            "callbacks.mine.close": "closed",
            "callbacks.mine.show": {
              target: "closed",
              actions: enqueueActions(({ context, event, enqueue }) => {
                const item = context.callbacks.find((callback) => callback.id === event.callbackId);
                if (!item) return;
                // A saved filter must not hide the member (as the live board's link does): its practice, nothing else.
                const filters = { ...NO_FILTERS, practiceIds: [item.member.practiceId], status: ALL };
                enqueue.sendTo(context.list, { type: "members.filter.change", change: filters } satisfies ListEvent);
                enqueue.sendTo(context.list, { type: "members.search.change", text: item.member.Subscriber_ID } satisfies ListEvent);
                enqueue.sendTo(context.list, { type: "members.search.apply" } satisfies ListEvent);
              }),
            },
          },
        },
      },
    },
  },
});

export type MyCallbacksActor = ActorRefFrom<typeof myCallbacksMachine>;
