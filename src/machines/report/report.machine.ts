// The shared workflow of report screens (§2 reports; §8 "Most list loads and report calls fail:
// loader turned off; a generic error handler is dispatched"): load with the current filters,
// reload when filters change (a change cancels the load under way) or on Refresh, sort on the
// client. A screen with more to do builds its own machine; most reports need only this one.
// Filters and data are each screen's own shapes: the screen's provided `load` and its typed
// selectors (report.selectors.ts) give them their types.
import { assign, setup } from "xstate";
import { notProvided } from "../notProvided";
import { type ApiFailure, toFailure } from "../../api/errors";
import { nextSort, type SortState } from "../../lib/sortRows";

export type ReportFilters = Record<string, unknown>;

export interface ReportInput {
  filters: ReportFilters;
  sort?: SortState;
}

export interface ReportContext {
  filters: ReportFilters;
  data: unknown;
  failure: ApiFailure | null;
  sort: SortState;
}

export type ReportEvent =
  | { type: "report.filters.change"; filters: ReportFilters }
  | { type: "report.refresh" }
  | { type: "report.sort"; column: string };

export const reportMachine = setup({
  types: {
    input: {} as ReportInput,
    context: {} as ReportContext,
    events: {} as ReportEvent,
  },
  actors: {
    load: notProvided<unknown, ReportFilters>("load"),
  },
  actions: {
    showLoader: () => {},
    hideLoader: () => {},
    /** The generic error handler: an ended session logs out, anything else becomes the alert. */
    reportFailure: (_, _params: { failure: ApiFailure }) => {},
  },
}).createMachine({
  id: "report",
  context: ({ input }) => ({
    filters: input.filters,
    data: null,
    failure: null,
    sort: input.sort ?? { column: null, direction: "asc" },
  }),
  initial: "loading",
  on: {
    "report.filters.change": {
      target: ".loading",
      reenter: true,
      actions: assign({ filters: ({ context, event }) => ({ ...context.filters, ...event.filters }) }),
    },
    "report.refresh": { target: ".loading", reenter: true },
    "report.sort": { actions: assign({ sort: ({ context, event }) => nextSort(context.sort, event.column) }) },
  },
  states: {
    loading: {
      entry: ["showLoader", assign({ failure: null })],
      exit: "hideLoader",
      invoke: {
        src: "load",
        input: ({ context }) => context.filters,
        onDone: { target: "ready", actions: assign({ data: ({ event }) => event.output }) },
        onError: {
          target: "failed",
          actions: [
            assign({ failure: ({ event }) => toFailure(event.error, "The report could not be loaded.") }),
            { type: "reportFailure", params: ({ event }) => ({ failure: toFailure(event.error, "The report could not be loaded.") }) },
          ],
        },
      },
    },
    ready: {},
    failed: {},
  },
});
