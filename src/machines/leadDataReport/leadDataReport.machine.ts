// §2 Lead Data Report: leads entered today, yesterday, this week, last week, month to date and last
// month by location; and a custom start and end date (MM-dd-yyyy) with a practice filter, counted
// when Update is pressed. The period bounds are days of the group's time zone (domain/calendar.ts).
// The practices of the range's filter load once per visit, beside the report.
import { assign, setup } from "xstate";
import { notProvided } from "../notProvided";
import { type ApiFailure, toFailure } from "../../api/errors";
import type { components } from "../../../contract/schema";
import { reportPeriods, zonedDate } from "../../../domain/calendar.ts";
import { leadDateToIso, leadPeriodBounds, toLeadDate } from "../../../domain/reports/leadData.ts";

type Schemas = components["schemas"];
export type LeadDataReport = Schemas["LeadDataReport"];
export type LeadPeriodsRequest = Schemas["LeadDataPeriodsRequest"];
export type LeadRangeRequest = Schemas["LeadDataRangeRequest"];
export type Practice = Schemas["Practice"];

export interface LeadDataInput {
  /** The moment the screen opened (epoch ms): "today" and the periods are computed from it. */
  now: number;
}

export interface LeadRange {
  /** MM-DD-YYYY as typed. */
  startDate: string;
  endDate: string;
  /** A practice id, or "all". */
  practice: string;
}

export interface LeadDataContext {
  now: number;
  periods: LeadDataReport | null;
  practices: Practice[];
  range: LeadRange;
  /** The custom range's answer, once Update was pressed, and the request it answers (its export asks the same). */
  rangeReport: LeadDataReport | null;
  rangeRequest: LeadRangeRequest | null;
  /** The request of the Update under way. */
  rangeAsking: LeadRangeRequest | null;
  rangeProblem: string | null;
  failure: ApiFailure | null;
}

export type LeadDataEvent =
  | { type: "leadData.range.change"; range: Partial<LeadRange> }
  | { type: "leadData.update" }
  | { type: "leadData.refresh" };

export const RANGE_FORMAT_PROBLEM = "Enter the start and end dates as MM-DD-YYYY.";
export const RANGE_ORDER_PROBLEM = "The end date must not be before the start date.";

/** The message of a failure that carries none. */
const LOAD_FAILED = "The lead data report could not be loaded.";
const PRACTICES_FAILED = "The practices of the custom range could not be loaded.";

/** Why the custom range cannot be counted, or null. */
export function rangeProblemOf(range: LeadRange): string | null {
  const start = leadDateToIso(range.startDate.trim());
  const end = leadDateToIso(range.endDate.trim());
  if (!start || !end) return RANGE_FORMAT_PROBLEM;
  return end < start ? RANGE_ORDER_PROBLEM : null;
}

export const leadDataReportMachine = setup({
  types: {
    input: {} as LeadDataInput,
    context: {} as LeadDataContext,
    events: {} as LeadDataEvent,
  },
  actors: {
    loadPeriods: notProvided<LeadDataReport, LeadPeriodsRequest>("loadPeriods"),
    loadPractices: notProvided<Practice[]>("loadPractices"),
    loadRange: notProvided<LeadDataReport, LeadRangeRequest>("loadRange"),
  },
  actions: {
    showLoader: () => {},
    hideLoader: () => {},
    reportFailure: (_, _params: { failure: ApiFailure }) => {},
  },
  guards: {
    rangeIsValid: ({ context }) => rangeProblemOf(context.range) === null,
  },
}).createMachine({
  id: "leadDataReport",
  context: ({ input }) => {
    const { monthToDate } = reportPeriods(zonedDate(input.now));
    return {
      now: input.now,
      periods: null,
      practices: [],
      // The custom range starts as month to date, every practice.
      range: { startDate: toLeadDate(monthToDate.startDate), endDate: toLeadDate(monthToDate.endDate), practice: "all" },
      rangeReport: null,
      rangeRequest: null,
      rangeAsking: null,
      rangeProblem: null,
      failure: null,
    };
  },
  type: "parallel",
  on: {
    "leadData.range.change": { actions: assign({ range: ({ context, event }) => ({ ...context.range, ...event.range }), rangeProblem: null }) },
  },
  states: {
    practices: {
      initial: "loading",
      states: {
        loading: {
          entry: "showLoader",
          exit: "hideLoader",
          invoke: {
            src: "loadPractices",
            onDone: { target: "ready", actions: assign({ practices: ({ event }) => event.output }) },
            onError: {
              target: "failed",
              actions: { type: "reportFailure", params: ({ event }) => ({ failure: toFailure(event.error, PRACTICES_FAILED) }) },
            },
          },
        },
        ready: {},
        // Refresh asks again for practices that failed; practices that came stay for the visit.
        failed: { on: { "leadData.refresh": "loading" } },
      },
    },
    report: {
      initial: "loading",
      states: {
        loading: {
          entry: ["showLoader", assign({ failure: null })],
          exit: "hideLoader",
          invoke: {
            src: "loadPeriods",
            input: ({ context }) => ({ mode: "periods" as const, ...leadPeriodBounds(context.now) }),
            onDone: { target: "ready", actions: assign({ periods: ({ event }) => event.output }) },
            onError: {
              target: "failed",
              actions: [
                assign({ failure: ({ event }) => toFailure(event.error, LOAD_FAILED) }),
                { type: "reportFailure", params: ({ event }) => ({ failure: toFailure(event.error, LOAD_FAILED) }) },
              ],
            },
          },
        },
        ready: {
          on: {
            "leadData.update": [
              { guard: "rangeIsValid", target: "updating" },
              { actions: assign({ rangeProblem: ({ context }) => rangeProblemOf(context.range) }) },
            ],
            "leadData.refresh": "loading",
          },
        },
        updating: {
          entry: [
            "showLoader",
            assign({
              failure: null,
              rangeAsking: ({ context }) => ({
                mode: "range" as const,
                startDate: context.range.startDate.trim(),
                endDate: context.range.endDate.trim(),
                practice: context.range.practice,
              }),
            }),
          ],
          exit: "hideLoader",
          invoke: {
            src: "loadRange",
            input: ({ context }) => context.rangeAsking!,
            onDone: { target: "ready", actions: assign({ rangeReport: ({ event }) => event.output, rangeRequest: ({ context }) => context.rangeAsking }) },
            onError: {
              target: "ready",
              actions: [
                assign({ failure: ({ event }) => toFailure(event.error, LOAD_FAILED) }),
                { type: "reportFailure", params: ({ event }) => ({ failure: toFailure(event.error, LOAD_FAILED) }) },
              ],
            },
          },
        },
        failed: {
          on: { "leadData.refresh": "loading" },
        },
      },
    },
  },
});
