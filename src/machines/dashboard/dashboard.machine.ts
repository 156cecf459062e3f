// §2 Dashboard: the open-issues check 1 s after the dashboard loads (Members application), the
// App Status Tracker modal (only reachable while issues are open), the Help modal of the
// dashboard's help items and the File modal of one item's videos or PDFs. §8: a failed help call
// is swallowed (the list is empty); a failed open-issues check is the generic error handler's.
import { assign, setup } from "xstate";
import { notProvided } from "../notProvided";
import { type ApiFailure, toFailure } from "../../api/errors";
import type { components } from "../../../contract/schema";
import { OPEN_ISSUES_CHECK_DELAY_MS } from "../../lib/constants";
import type { HelpFileKind } from "./helpFiles";

type Schemas = components["schemas"];
export type OpenIssue = Schemas["OpenIssue"];
export type HelpItem = Schemas["HelpItem"];

/** §2: the application the dashboard checks. */
export const CHECKED_APPLICATIONS = ["Members"];
/** The dashboard's help page id (the route without its slash, as help items are filed). */
export const DASHBOARD_HELP_PAGE = "dashboard";

export interface OpenFile {
  item: HelpItem;
  kind: HelpFileKind;
}

export interface DashboardContext {
  openIssues: OpenIssue[];
  helpItems: HelpItem[];
  file: OpenFile | null;
}

export type DashboardEvent =
  | { type: "dashboard.tracker.open" }
  | { type: "dashboard.tracker.close" }
  | { type: "dashboard.help.open" }
  | { type: "dashboard.help.close" }
  | { type: "dashboard.file.open"; item: HelpItem; kind: HelpFileKind }
  | { type: "dashboard.file.close" };

/** The message of a failure that carries none. */
const CHECK_FAILED = "The application status could not be checked.";

export const dashboardMachine = setup({
  types: {
    context: {} as DashboardContext,
    events: {} as DashboardEvent,
  },
  actors: {
    loadOpenIssues: notProvided<OpenIssue[], { applicationList: string[] }>("loadOpenIssues"),
    loadHelp: notProvided<HelpItem[], { pageId: string }>("loadHelp"),
  },
  actions: {
    /** The generic error handler (§8): an ended session logs out, anything else is the alert. */
    reportFailure: (_, _params: { failure: ApiFailure }) => {},
  },
  guards: {
    hasOpenIssues: ({ context }) => context.openIssues.length > 0,
  },
  delays: {
    openIssuesCheck: OPEN_ISSUES_CHECK_DELAY_MS,
  },
}).createMachine({
  id: "dashboard",
  context: { openIssues: [], helpItems: [], file: null },
  type: "parallel",
  states: {
    status: {
      initial: "waiting",
      states: {
        waiting: { after: { openIssuesCheck: "checking" } },
        checking: {
          invoke: {
            src: "loadOpenIssues",
            input: { applicationList: CHECKED_APPLICATIONS },
            onDone: { target: "checked", actions: assign({ openIssues: ({ event }) => event.output }) },
            onError: {
              target: "checked",
              actions: [
                assign({ openIssues: [] }),
                { type: "reportFailure", params: ({ event }) => ({ failure: toFailure(event.error, CHECK_FAILED) }) },
              ],
            },
          },
        },
        checked: {
          initial: "trackerClosed",
          states: {
            trackerClosed: { on: { "dashboard.tracker.open": { guard: "hasOpenIssues", target: "trackerOpen" } } },
            trackerOpen: { on: { "dashboard.tracker.close": "trackerClosed" } },
          },
        },
      },
    },
    help: {
      initial: "closed",
      states: {
        closed: { on: { "dashboard.help.open": "loading" } },
        loading: {
          on: { "dashboard.help.close": "closed" },
          invoke: {
            src: "loadHelp",
            input: { pageId: DASHBOARD_HELP_PAGE },
            onDone: { target: "list", actions: assign({ helpItems: ({ event }) => event.output }) },
            // §8: some help calls swallow their errors; the modal then says 'No record found'.
            onError: { target: "list", actions: assign({ helpItems: [] }) },
          },
        },
        list: {
          on: {
            "dashboard.help.close": "closed",
            "dashboard.file.open": {
              target: "file",
              actions: assign({ file: ({ event }) => ({ item: event.item, kind: event.kind }) }),
            },
          },
        },
        file: {
          exit: assign({ file: null }),
          on: { "dashboard.file.close": "list" },
        },
      },
    },
  },
});
