// A dialog that shows one list read from the backend: the results history (§2 "Results history
// modal: lists who changed the result to what, and when") and the crons history (§2 "A Crons
// button opens a cron-history modal"). Loading, the list, or the failure with Try again. The
// dialogs machine invokes it while the dialog is open; dialogs.actors.ts gives each one its `load`.
import { assign, setup } from "xstate";
import { notProvided } from "../../notProvided";
import { type ApiFailure, toFailure } from "../../../api/errors";

export interface ListDialogContext<TQuery = unknown> {
  query: TQuery;
  items: unknown[];
  failure: ApiFailure | null;
}

export const listDialogMachine = setup({
  types: {
    input: {} as { query: unknown },
    context: {} as ListDialogContext,
    events: {} as { type: "dialog.retry" },
  },
  actors: {
    load: notProvided<unknown[], { query: unknown }>("load"),
  },
}).createMachine({
  id: "listDialog",
  context: ({ input }) => ({ query: input.query, items: [], failure: null }),
  initial: "loading",
  states: {
    loading: {
      entry: assign({ failure: null }),
      invoke: {
        src: "load",
        input: ({ context }) => ({ query: context.query }),
        onDone: { target: "ready", actions: assign({ items: ({ event }) => event.output }) },
        onError: { target: "failed", actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    ready: {},
    failed: { on: { "dialog.retry": "loading" } },
  },
});
