// The Campaigns page's progress: each campaign's counts, read when the page opens and again every
// CAMPAIGN_PROGRESS_REFRESH_MS (a failed refresh keeps what was shown and says so); a campaign
// chosen shows its days (read when chosen, for the chart) and their CSV export. Effects are named
// here and provided by src/app.
import { assign, setup, type ActorRefFrom } from "xstate";
import type { components } from "../../../contract/schema";
import { failureOf, type Failure } from "../adminFailure";
import { notProvided } from "../notProvided";
import { CAMPAIGN_PROGRESS_REFRESH_MS } from "../../lib/constants";

type Schemas = components["schemas"];
export type CampaignProgress = Schemas["CampaignProgress"];
export type CampaignDay = Schemas["CampaignDay"];

/** A campaign's progress with the name and state the campaigns list gives it. */
/** A campaign's progress with its name, state and the result it counts as appointments. */
export type ProgressRow = CampaignProgress & { name: string; state: Schemas["CampaignState"]; appointmentResult: string };

export interface CampaignProgressContext {
  rows: ProgressRow[];
  chosenId: number | null;
  days: CampaignDay[];
  failure: Failure | null;
  daysFailure: Failure | null;
}

export type CampaignProgressEvent =
  | { type: "progress.refresh" }
  | { type: "progress.retry" }
  | { type: "progress.choose"; id: number }
  | { type: "progress.days.retry" };

export const campaignProgressMachine = setup({
  types: { context: {} as CampaignProgressContext, events: {} as CampaignProgressEvent },
  actors: {
    /** GET /campaign-progress with the names of GET /campaigns. */
    loadProgress: notProvided<ProgressRow[]>("loadProgress"),
    /** GET /campaign-progress/{id}/days. */
    loadDays: notProvided<CampaignDay[], { id: number }>("loadDays"),
  },
  actions: {
    rememberFailure: assign((_, params: { error: unknown }) => ({ failure: failureOf(params.error) })),
    rememberRows: assign((_, params: { rows: ProgressRow[] }) => ({ rows: params.rows, failure: null })),
  },
  guards: {
    otherCampaign: ({ context, event }) => event.type === "progress.choose" && event.id !== context.chosenId,
  },
  delays: { progressRefresh: CAMPAIGN_PROGRESS_REFRESH_MS },
}).createMachine({
  id: "campaignProgress",
  context: () => ({ rows: [], chosenId: null, days: [], failure: null, daysFailure: null }),
  initial: "loading",
  states: {
    loading: {
      invoke: {
        src: "loadProgress",
        onDone: { target: "ready", actions: { type: "rememberRows", params: ({ event }) => ({ rows: event.output }) } },
        onError: { target: "failed", actions: { type: "rememberFailure", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { "progress.retry": { target: "loading", actions: assign({ failure: null }) } } },
    ready: {
      type: "parallel",
      states: {
        counts: {
          initial: "shown",
          states: {
            shown: {
              after: { progressRefresh: "refreshing" },
              on: { "progress.refresh": "refreshing" },
            },
            refreshing: {
              invoke: {
                src: "loadProgress",
                onDone: { target: "shown", actions: { type: "rememberRows", params: ({ event }) => ({ rows: event.output }) } },
                onError: { target: "shown", actions: { type: "rememberFailure", params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
        days: {
          initial: "none",
          states: {
            none: {},
            loading: {
              invoke: {
                src: "loadDays",
                input: ({ context }) => ({ id: context.chosenId! }),
                onDone: { target: "shown", actions: assign({ days: ({ event }) => event.output, daysFailure: null }) },
                onError: { target: "failed", actions: assign({ daysFailure: ({ event }) => failureOf(event.error) }) },
              },
            },
            shown: {},
            failed: { on: { "progress.days.retry": "loading" } },
          },
          on: {
            "progress.choose": { guard: "otherCampaign", target: ".loading", actions: assign({ chosenId: ({ event }) => event.id, days: [], daysFailure: null }) },
          },
        },
      },
    },
  },
});

export type CampaignProgressActor = ActorRefFrom<typeof campaignProgressMachine>;
