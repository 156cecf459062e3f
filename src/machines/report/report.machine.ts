// The shared workflow of report screens (§2 reports; §8 "Most list loads and report calls fail:
// loader turned off; a generic error handler is dispatched"): the filter lists (regions,
// practices) load once when the screen opens; the report loads with the current filters, again
// when they change (a change cancels the load under way) or on Refresh, and sorts on the client.
// Each report makes its own machine with createReportMachine<Filters, Data, Lists>(), so its
// filters, data and lists keep their types from the provided calls to the screen's selectors.
import { assign, setup } from "xstate";
import { notProvided } from "../notProvided";
import { type ApiFailure, toFailure } from "../../api/errors";
import { nextSort, type SortState } from "../../lib/sortRows";

export interface ReportInput<TFilters> {
  filters: TFilters;
  sort?: SortState;
}

export interface ReportContext<TFilters, TData, TLists> {
  filters: TFilters;
  data: TData | null;
  /** The filters' choices, loaded once per visit (null until they come, or when they failed). */
  lists: TLists | null;
  failure: ApiFailure | null;
  sort: SortState;
}

export type ReportEvent<TFilters> =
  | { type: "report.filters.change"; filters: Partial<TFilters> }
  | { type: "report.refresh" }
  | { type: "report.sort"; column: string };

/** What a screen asks of a report's state: src/machines/report/report.selectors.ts. */
export type ReportTag = "report.loading" | "report.failed";

export interface ReportOptions<TFilters> {
  /** The machine's id, for the inspector. */
  id: string;
  /** Whether the report has filter lists to load (its provided `loadLists`). */
  lists: boolean;
  /** What a change of some filters changes (a region change resets the practice to All…). */
  filterChange?: (change: Partial<TFilters>) => Partial<TFilters>;
}

const LOAD_FAILED = "The report could not be loaded.";
const LISTS_FAILED = "The report's filters could not be loaded.";

export function createReportMachine<TFilters extends object, TData, TLists = never>(options: ReportOptions<TFilters>) {
  const filterChange = options.filterChange ?? ((change: Partial<TFilters>) => change);
  return setup({
    types: {
      input: {} as ReportInput<TFilters>,
      context: {} as ReportContext<TFilters, TData, TLists>,
      events: {} as ReportEvent<TFilters>,
      tags: {} as ReportTag,
    },
    actors: {
      // The filters travel wrapped: XState's types resolve an input that is an object type, but
      // not a bare type parameter.
      load: notProvided<TData, { filters: TFilters }>("load"),
      loadLists: notProvided<TLists>("loadLists"),
    },
    actions: {
      showLoader: () => {},
      hideLoader: () => {},
      /** The generic error handler: an ended session logs out, anything else becomes the alert. */
      reportFailure: (_, _params: { failure: ApiFailure }) => {},
    },
  }).createMachine({
    id: options.id,
    context: ({ input }) => ({
      filters: input.filters,
      data: null,
      lists: null,
      failure: null,
      sort: input.sort ?? { column: null, direction: "asc" },
    }),
    type: "parallel",
    states: {
      lists: {
        initial: options.lists ? "loading" : "ready",
        states: {
          loading: {
            entry: "showLoader",
            exit: "hideLoader",
            invoke: {
              src: "loadLists",
              // TypeScript cannot follow XState's done events through this function's type
              // parameters (the output reads as unknown); `provide` holds loadLists to TLists.
              onDone: { target: "ready", actions: assign({ lists: ({ event }) => event.output as TLists }) },
              onError: {
                target: "failed",
                actions: { type: "reportFailure", params: ({ event }) => ({ failure: toFailure(event.error, LISTS_FAILED) }) },
              },
            },
          },
          ready: {},
          // Refresh asks again for lists that failed; lists that came stay for the visit.
          failed: { on: { "report.refresh": "loading" } },
        },
      },
      report: {
        initial: "loading",
        // Targets ".loading" without `reenter`: the load under way is left and a new one starts in
        // this region only. Re-entering the region would make the parallel root the transition's
        // domain and load the lists again with every change.
        on: {
          "report.filters.change": {
            target: ".loading",
            actions: assign({ filters: ({ context, event }) => ({ ...context.filters, ...filterChange(event.filters) }) }),
          },
          "report.refresh": { target: ".loading" },
          "report.sort": { actions: assign({ sort: ({ context, event }) => nextSort(context.sort, event.column) }) },
        },
        states: {
          loading: {
            tags: "report.loading",
            entry: ["showLoader", assign({ failure: null })],
            exit: "hideLoader",
            invoke: {
              src: "load",
              input: ({ context }) => ({ filters: context.filters }),
              // As for the lists: `provide` holds load to TData.
              onDone: { target: "ready", actions: assign({ data: ({ event }) => event.output as TData }) },
              onError: {
                target: "failed",
                actions: [
                  assign({ failure: ({ event }) => toFailure(event.error, LOAD_FAILED) }),
                  { type: "reportFailure", params: ({ event }) => ({ failure: toFailure(event.error, LOAD_FAILED) }) },
                ],
              },
            },
          },
          ready: {},
          failed: { tags: "report.failed" },
        },
      },
    },
  });
}

/**
 * The workflow every report screen runs, as its diagram shows it (docs/machines/report.md). A
 * report screen runs its own typed machine, made with createReportMachine.
 */
export const reportMachine = createReportMachine<object, unknown, unknown>({ id: "report", lists: true });
