// §2 Universal Usage Report (administrators): start and end date, by default the current month;
// search by visited page, debounced 500 ms (§9), and by user, on Enter or the button. Loading,
// sorting and errors are the shared report workflow's, run here as the child `report`.
// §6: the administrator flag sets allowEdit, which has no visible effect: kept, never shown.
// Beside the visits, the child `calls` loads the calls started and results saved per agent over
// the same dates (openapi.yaml getCallActivityReport), of all work or a campaign's, chosen on that
// table (its own filter).
import dayjs from "dayjs";
import { assign, sendTo, setup } from "xstate";
import { USAGE_SEARCH_DEBOUNCE_MS } from "../../lib/constants";
import { callActivityMachine, usageVisitsMachine, type CallActivityQuery, type UsageQuery } from "./usageTables";

/** The report's dates (openapi.yaml UsageQuery). */
const DATE_FORMAT = "YYYY-MM-DD";

export interface UsageReportInput {
  isAdmin: boolean;
  /** Today, for the default month (the reader's clock when absent). */
  today?: Date;
}

export interface UsageReportContext {
  allowEdit: boolean;
  startDate: string;
  endDate: string;
  visitedUrlDraft: string;
  userSearchDraft: string;
}

export type UsageReportEvent =
  | { type: "usage.startDate.change"; value: string }
  | { type: "usage.endDate.change"; value: string }
  | { type: "usage.visitedUrl.change"; value: string }
  | { type: "usage.user.change"; value: string }
  | { type: "usage.user.search" };

/** The filters of the first load: the current month, no search. */
export function initialUsageQuery(today: Date): UsageQuery {
  return {
    startDate: dayjs(today).startOf("month").format(DATE_FORMAT),
    endDate: dayjs(today).endOf("month").format(DATE_FORMAT),
    userSearch: "",
    visitedUrl: "",
  };
}

const changeFilters = (filters: Partial<UsageQuery>) => ({ type: "report.filters.change" as const, filters });

export const usageReportMachine = setup({
  types: {
    input: {} as UsageReportInput,
    context: {} as UsageReportContext,
    events: {} as UsageReportEvent,
    children: {} as { report: "report"; calls: "calls" },
  },
  actors: { report: usageVisitsMachine, calls: callActivityMachine },
  actions: {
    keepVisitedUrlDraft: assign((_, params: { value: string }) => ({ visitedUrlDraft: params.value })),
  },
  delays: { searchDebounce: USAGE_SEARCH_DEBOUNCE_MS },
}).createMachine({
  id: "usageReport",
  context: ({ input }) => {
    const { startDate, endDate } = initialUsageQuery(input.today ?? new Date());
    return { allowEdit: input.isAdmin, startDate, endDate, visitedUrlDraft: "", userSearchDraft: "" };
  },
  invoke: [
    {
      id: "report",
      src: "report",
      input: ({ context }) => ({
        filters: { startDate: context.startDate, endDate: context.endDate, userSearch: "", visitedUrl: "" },
      }),
    },
    {
      id: "calls",
      src: "calls",
      input: ({ context }) => ({ filters: { startDate: context.startDate, endDate: context.endDate, campaign: null } satisfies CallActivityQuery }),
    },
  ],
  on: {
    "usage.startDate.change": {
      actions: [
        assign({ startDate: ({ event }) => event.value }),
        sendTo("report", ({ event }) => changeFilters({ startDate: event.value })),
        sendTo("calls", ({ event }) => changeFilters({ startDate: event.value })),
      ],
    },
    "usage.endDate.change": {
      actions: [
        assign({ endDate: ({ event }) => event.value }),
        sendTo("report", ({ event }) => changeFilters({ endDate: event.value })),
        sendTo("calls", ({ event }) => changeFilters({ endDate: event.value })),
      ],
    },
    "usage.user.change": { actions: assign({ userSearchDraft: ({ event }) => event.value }) },
    "usage.user.search": {
      actions: sendTo("report", ({ context }) => changeFilters({ userSearch: context.userSearchDraft.trim() })),
    },
  },
  initial: "idle",
  states: {
    idle: {
      on: {
        "usage.visitedUrl.change": {
          target: "debouncing",
          actions: { type: "keepVisitedUrlDraft", params: ({ event }) => ({ value: event.value }) },
        },
      },
    },
    debouncing: {
      // Each keystroke restarts the wait; the search runs once typing pauses.
      on: {
        "usage.visitedUrl.change": {
          target: "debouncing",
          reenter: true,
          actions: { type: "keepVisitedUrlDraft", params: ({ event }) => ({ value: event.value }) },
        },
      },
      after: {
        searchDebounce: {
          target: "idle",
          actions: sendTo("report", ({ context }) => changeFilters({ visitedUrl: context.visitedUrlDraft.trim() })),
        },
      },
    },
  },
});
