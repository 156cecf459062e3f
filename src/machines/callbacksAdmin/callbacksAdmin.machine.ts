// The Callbacks page (administrators; docs/architecture.md, The work queue: callbacks in the
// browser): every open callback, due first, filtered by owner (an agent, anyone's, all), practice
// and due days; several selected are reassigned to an agent or to anyone once the administrator
// has confirmed it with the count ("Reassign 3 callbacks to Priya Natarajan?"). The server's
// refusal (an agent who would hold too many, a callback closed meanwhile) comes back as the page's
// failure, with nothing reassigned. Any callback's change on the event stream has the list read
// again. Effects are named here and provided by src/app.
import { assign, sendTo, setup, type ActorRefFrom } from "xstate";
import type { CallbackEvent } from "../../../domain/team/events.ts";
import { liveEventsMachine, type LiveListEvent } from "../liveEvents/liveEvents.machine";
import type { components } from "../../../contract/schema";
import { failureOf, failureText } from "../adminFailure";
import { notProvided } from "../notProvided";

type Schemas = components["schemas"];
export type CallbackItem = Schemas["CallbackItem"];
export type CallbackOwner = Schemas["CallbackOwner"];
export type Practice = Schemas["Practice"];
export type CallbacksPage = Schemas["CallbacksPage"];
type CallbackLiveEvent = { event: "callback"; data: CallbackEvent };

/** The page's filters as the list call takes them ('' = no bound on that side of the due days). */
export interface CallbackFilters {
  owner: string;
  practice: string;
  dueFrom: string;
  dueTo: string;
}

export interface CallbacksQuery extends CallbackFilters {
  pageNum: number;
}

export interface CallbacksOptions {
  owners: CallbackOwner[];
  practices: Practice[];
}

/** Who the selected callbacks go to: an agent's id, or null for anyone. */
export type ReassignTarget = { userId: number | null };

export interface CallbacksAdminContext {
  filters: CallbackFilters;
  pageNum: number;
  page: CallbacksPage;
  owners: CallbackOwner[];
  practices: Practice[];
  selected: number[];
  target: ReassignTarget | null;
  failure: string | null;
  notice: string | null;
  /** A callback changed since the list was read. */
  stale: boolean;
}

export type CallbacksAdminEvent =
  | { type: "callbacks.filter.change"; change: Partial<CallbackFilters> }
  | { type: "callbacks.page.change"; pageNum: number }
  | { type: "callbacks.select.toggle"; id: number }
  | { type: "callbacks.select.page"; selected: boolean }
  | { type: "callbacks.target.choose"; target: ReassignTarget | null }
  | { type: "callbacks.reassign" }
  | { type: "callbacks.confirm" }
  | { type: "callbacks.cancel" }
  | { type: "callbacks.retry" };

export const CALLBACKS_PAGE_SIZE = 50;
export const ALL_FILTERS: CallbackFilters = { owner: "all", practice: "all", dueFrom: "", dueTo: "" };
const EMPTY_PAGE: CallbacksPage = { callbacks: [], pageNum: 1, total_count: 0 };

/** "Priya Natarajan", or "anyone". */
export function targetName(target: ReassignTarget, owners: readonly CallbackOwner[]): string {
  const owner = owners.find((each) => each.user.id === target.userId);
  return owner ? `${owner.user.firstname} ${owner.user.lastname}` : "anyone";
}

const countText = (count: number) => `${count} ${count === 1 ? "callback" : "callbacks"}`;
/** "Reassign 3 callbacks to Priya Natarajan?" */
export const reassignQuestion = (context: CallbacksAdminContext) => `Reassign ${countText(context.selected.length)} to ${targetName(context.target!, context.owners)}?`;

export const callbacksAdminMachine = setup({
  types: {
    context: {} as CallbacksAdminContext,
    events: {} as CallbacksAdminEvent | LiveListEvent<CallbackLiveEvent>,
  },
  actors: {
    /** Who may own callbacks (with their open counts) and the practices. */
    loadOptions: notProvided<CallbacksOptions, void>("loadOptions"),
    loadCallbacks: notProvided<CallbacksPage, CallbacksQuery>("loadCallbacks"),
    reassign: notProvided<{ updated: number }, { callbackIds: number[]; userId: number | null }>("reassign"),
    /** The event stream, reading `callback` events: any booking, move, reassignment or close. */
    liveEvents: liveEventsMachine,
  },
  actions: {
    markStale: assign({ stale: true }),
  },
  guards: {
    canReassign: ({ context }) => context.selected.length > 0 && context.target !== null,
    stale: ({ context }) => context.stale,
  },
}).createMachine({
  id: "callbacksAdmin",
  context: { filters: ALL_FILTERS, pageNum: 1, page: EMPTY_PAGE, owners: [], practices: [], selected: [], target: null, failure: null, notice: null, stale: false },
  invoke: { id: "live", src: "liveEvents" },
  // Another administrator's reassignment, an agent's booking, a result that closed one: the page
  // reads its list again once it is free to (never under the open question), one read for a burst.
  on: {
    "live.event": { actions: "markStale" },
    "live.resync": { actions: ["markStale", sendTo("live", { type: "live.resynced" })] },
  },
  initial: "starting",
  states: {
    starting: {
      entry: assign({ failure: null }),
      invoke: {
        src: "loadOptions",
        onDone: { target: "list", actions: assign(({ event }) => ({ owners: event.output.owners, practices: event.output.practices })) },
        onError: { target: "startFailed", actions: assign({ failure: ({ event }) => failureOf(event.error).message }) },
      },
    },
    startFailed: { on: { "callbacks.retry": "starting" } },
    /** The list, loading or shown; the selection and the target can change meanwhile. */
    list: {
      initial: "loading",
      on: {
        "callbacks.filter.change": {
          target: ".loading",
          reenter: true,
          actions: assign(({ context, event }) => ({ filters: { ...context.filters, ...event.change }, pageNum: 1, selected: [], failure: null, notice: null })),
        },
        "callbacks.page.change": { target: ".loading", reenter: true, actions: assign({ pageNum: ({ event }) => event.pageNum, selected: [] }) },
        "callbacks.select.toggle": {
          actions: assign({
            selected: ({ context, event }) => (context.selected.includes(event.id) ? context.selected.filter((id) => id !== event.id) : [...context.selected, event.id]),
          }),
        },
        "callbacks.select.page": { actions: assign({ selected: ({ context, event }) => (event.selected ? context.page.callbacks.map((item) => item.id) : []) }) },
        "callbacks.target.choose": { actions: assign({ target: ({ event }) => event.target }) },
      },
      states: {
        loading: {
          entry: assign({ stale: false }),
          invoke: {
            src: "loadCallbacks",
            input: ({ context }) => ({ ...context.filters, pageNum: context.pageNum }),
            onDone: {
              target: "ready",
              actions: assign(({ context, event }) => {
                const shown = new Set(event.output.callbacks.map((item) => item.id));
                return { page: event.output, selected: context.selected.filter((id) => shown.has(id)) };
              }),
            },
            onError: { target: "#callbacksAdmin.failed", actions: assign({ failure: ({ event }) => failureText(failureOf(event.error)) }) },
          },
        },
        ready: {
          always: { guard: "stale", target: "loading" },
          on: {
            "callbacks.reassign": { guard: "canReassign", target: "#callbacksAdmin.confirming", actions: assign({ failure: null, notice: null }) },
          },
        },
      },
    },
    failed: { on: { "callbacks.retry": { target: "list", actions: assign({ failure: null }) } } },
    /** "Reassign 3 callbacks to Priya Natarajan?" */
    confirming: {
      on: { "callbacks.confirm": "reassigning", "callbacks.cancel": "list.ready" },
    },
    reassigning: {
      invoke: {
        src: "reassign",
        input: ({ context }) => ({ callbackIds: context.selected, userId: context.target!.userId }),
        onDone: {
          target: "starting",
          actions: assign(({ context, event }) => ({
            notice: `Reassigned ${countText(event.output.updated)} to ${targetName(context.target!, context.owners)}.`,
            selected: [],
          })),
        },
        onError: { target: "list.ready", actions: assign({ failure: ({ event }) => failureText(failureOf(event.error)) }) },
      },
    },
  },
});

export type CallbacksAdminActor = ActorRefFrom<typeof callbacksAdminMachine>;
