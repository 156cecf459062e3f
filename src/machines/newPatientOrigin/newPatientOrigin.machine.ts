// New Patient Origin (§2): filters brand, practices and months (§9: the last 24, default this
// month); the report reloads on each change (cancelling the load under way) and on Refresh. Its
// CSV download is the server's export of the filters (src/machines/export). Practices for the
// filter load beside the report, once per visit. Effects are provided by src/app: loadPractices, loadReport,
// showLoader/hideLoader, reportFailure.
import { assign, setup } from "xstate";
import { notProvided } from "../notProvided";
import type { components } from "../../../contract/schema";
import { type ApiFailure, toFailure } from "../../api/errors";

type Schemas = components["schemas"];
export type Practice = Schemas["Practice"];
export type BrandFilter = Schemas["BrandFilter"];
export type NewPatientOriginQuery = Schemas["NewPatientOriginQuery"];
export type NewPatientOriginReport = Schemas["NewPatientOriginReport"];

export interface NewPatientOriginInput {
  /** The months offered, newest (the current month) first: domain/reports/newPatientOrigin.ts. */
  months: readonly string[];
}

export interface NewPatientOriginContext {
  months: readonly string[];
  filters: NewPatientOriginQuery;
  practices: readonly Practice[];
  data: NewPatientOriginReport | null;
  failure: ApiFailure | null;
}

export type NewPatientOriginEvent =
  | { type: "npo.brand.change"; brand: BrandFilter }
  | { type: "npo.practices.change"; practice: number[] }
  | { type: "npo.months.change"; date: string[] }
  | { type: "npo.refresh" };

/** The message of a failure that carries none. */
const LOAD_FAILED = "The report could not be loaded.";

export const newPatientOriginMachine = setup({
  types: {
    input: {} as NewPatientOriginInput,
    context: {} as NewPatientOriginContext,
    events: {} as NewPatientOriginEvent,
  },
  actors: {
    loadPractices: notProvided<Practice[]>("loadPractices"),
    loadReport: notProvided<NewPatientOriginReport, NewPatientOriginQuery>("loadReport"),
  },
  actions: {
    showLoader: () => {},
    hideLoader: () => {},
    reportFailure: (_, _params: { failure: ApiFailure }) => {},
  },
  guards: {
    /** The contract asks for at least one month, each one offered. */
    monthsOffered: ({ context, event }) =>
      event.type === "npo.months.change" && event.date.length > 0 && event.date.every((month) => context.months.includes(month)),
  },
}).createMachine({
  id: "newPatientOrigin",
  context: ({ input }) => ({
    months: input.months,
    filters: { brand: "all", practice: [], date: input.months.slice(0, 1) },
    practices: [],
    data: null,
    failure: null,
  }),
  type: "parallel",
  states: {
    practices: {
      initial: "loading",
      states: {
        loading: {
          invoke: {
            src: "loadPractices",
            onDone: { target: "ready", actions: assign({ practices: ({ event }) => event.output }) },
            onError: {
              target: "failed",
              actions: { type: "reportFailure", params: ({ event }) => ({ failure: toFailure(event.error, LOAD_FAILED) }) },
            },
          },
        },
        ready: {},
        // Refresh asks again for practices that failed; practices that came stay for the visit.
        failed: { on: { "npo.refresh": "loading" } },
      },
    },
    report: {
      initial: "loading",
      // Targets ".loading" without `reenter`: re-entering this region would make the parallel root
      // the transition's domain and load the practices again with every change.
      on: {
        // §4: a brand change resets the practice to All.
        "npo.brand.change": {
          target: ".loading",
          actions: assign({ filters: ({ context, event }) => ({ ...context.filters, brand: event.brand, practice: [] }) }),
        },
        "npo.practices.change": {
          target: ".loading",
          actions: assign({ filters: ({ context, event }) => ({ ...context.filters, practice: [...new Set(event.practice)] }) }),
        },
        "npo.months.change": {
          guard: "monthsOffered",
          target: ".loading",
          actions: assign({ filters: ({ context, event }) => ({ ...context.filters, date: [...new Set(event.date)] }) }),
        },
        "npo.refresh": { target: ".loading" },
      },
      states: {
        loading: {
          entry: ["showLoader", assign({ failure: null })],
          exit: "hideLoader",
          invoke: {
            src: "loadReport",
            input: ({ context }) => context.filters,
            onDone: { target: "ready", actions: assign({ data: ({ event }) => event.output }) },
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
        failed: {},
      },
    },
  },
});
