// The Campaigns page (administrators): every campaign in the supervisor's order with its state,
// targets, agents and dates; a new campaign and the changes to one in the editor (its own machine,
// run here while it is open); a copy under a new name, as a draft; and the steps of its life:
// start or resume, pause (Next stops serving it at once), finish (for good, asked first). Closing
// the editor without saving reads the campaigns again, so a change another administrator saved
// meanwhile is what the next edit starts from. The stream's `campaign` events keep the list live
// (another administrator's pause shows at once); after a reconnection the list is read again, at
// once while browsing, else when the editor, the copy or the step ends. The buttons stay usable
// while it is read: a press leaves the reading for later instead of being lost.
// Effects are named here and provided by src/app.
import { assign, sendTo, setup, type ActorRefFrom } from "xstate";
import type { CampaignLiveEvent } from "../../../domain/team/events.ts";
import { liveEventsMachine, type LiveListEvent } from "../liveEvents/liveEvents.machine";
import { withCampaignEvent } from "./campaignEvents";
import type { components } from "../../../contract/schema";
import { failureOf, type Failure } from "../adminFailure";
import type { Dentist, Practice } from "../members/members.filters";
import { notProvided } from "../notProvided";
import { draftOf, newDraft, type Campaign } from "./campaignDraft";
import { campaignEditorMachine } from "./campaignEditor.machine";

type Schemas = components["schemas"];
export type StaffMember = Schemas["StaffMember"];
export type CampaignStep = Schemas["CampaignStep"];

export interface CampaignsChoices {
  /** The practice group's day the page opened on: a new campaign starts on it (the server judges dates by its own clock). */
  today: string;
  staff: StaffMember[];
  practices: Practice[];
  dentists: Dentist[];
}

export interface CampaignsContext extends CampaignsChoices {
  campaigns: Campaign[];
  /** The campaign being copied, with the new name as typed. */
  cloning: { id: number; name: string } | null;
  /** The step being asked or written. */
  stepping: { id: number; step: CampaignStep } | null;
  failure: Failure | null;
  notice: string | null;
  /** The stream reconnected, so events may have been missed: the list is read again on the way back to browsing. */
  stale: boolean;
}

export type CampaignsEvent =
  | { type: "campaigns.add" }
  | { type: "campaigns.edit"; id: number }
  | { type: "campaigns.editor.cancel" }
  | { type: "campaigns.clone"; id: number }
  | { type: "campaigns.clone.name"; name: string }
  | { type: "campaigns.clone.confirm" }
  | { type: "campaigns.step"; id: number; step: CampaignStep }
  | { type: "campaigns.step.confirm" }
  | { type: "campaigns.cancel" }
  | { type: "campaigns.retry" }
  | LiveListEvent<CampaignLiveEvent>;

const STEP_NOTICE: Record<CampaignStep, (name: string) => string> = {
  resume: (name) => `${name} is active: its agents' Next serves its members.`,
  pause: (name) => `${name} is paused: Next no longer serves its members.`,
  finish: (name) => `${name} is finished.`,
};

const replaced = (campaigns: Campaign[], campaign: Campaign) =>
  campaigns.some((row) => row.id === campaign.id) ? campaigns.map((row) => (row.id === campaign.id ? campaign : row)) : [...campaigns, campaign];
const nextPosition = (campaigns: readonly Campaign[]) => campaigns.reduce((last, campaign) => Math.max(last, campaign.position + 1), 0);
const named = (campaigns: readonly Campaign[], id: number) => campaigns.find((campaign) => campaign.id === id)?.name ?? "";

export const campaignsMachine = setup({
  types: {
    context: {} as CampaignsContext,
    events: {} as CampaignsEvent,
  },
  actors: {
    /** GET /campaigns, GET /staff, GET /practice/list and GET /Members/getDentistList. */
    load: notProvided<CampaignsChoices & { campaigns: Campaign[] }>("load"),
    /** GET /campaigns again. */
    loadCampaigns: notProvided<Campaign[]>("loadCampaigns"),
    /** POST /campaigns/{id}/clone. */
    cloneCampaign: notProvided<Campaign, { id: number; name: string }>("cloneCampaign"),
    /** POST /campaigns/{id}/{step}. */
    changeState: notProvided<Campaign, { id: number; step: CampaignStep }>("changeState"),
    editor: campaignEditorMachine,
    liveEvents: liveEventsMachine,
  },
  actions: {
    rememberFailure: assign((_, params: { error: unknown }) => ({ failure: failureOf(params.error) })),
    rememberCampaign: assign(({ context }, params: { campaign: Campaign; notice: string }) => ({
      campaigns: replaced(context.campaigns, params.campaign),
      notice: params.notice,
      failure: null,
      cloning: null,
      stepping: null,
    })),
    startOver: assign({ failure: null, notice: null }),
    resynced: sendTo("live", { type: "live.resynced" }),
  },
  guards: {
    finishing: ({ event }) => event.type === "campaigns.step" && event.step === "finish",
    cloneNamed: ({ context }) => (context.cloning?.name.trim() ?? "") !== "",
    stale: ({ context }) => context.stale,
  },
}).createMachine({
  id: "campaigns",
  context: () => ({ today: "", campaigns: [], staff: [], practices: [], dentists: [], cloning: null, stepping: null, failure: null, notice: null, stale: false }),
  invoke: { id: "live", src: "liveEvents" },
  on: {
    "live.event": { actions: assign({ campaigns: ({ context, event }) => withCampaignEvent(context.campaigns, event.event.data, (campaign) => campaign) }) },
    "live.resync": { actions: ["resynced", assign({ stale: true })] },
  },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        src: "load",
        onDone: { target: "ready", actions: assign(({ event }) => event.output) },
        onError: { target: "loadFailed", actions: { type: "rememberFailure", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: { on: { "campaigns.retry": { target: "loading", actions: "startOver" } } },
    ready: {
      initial: "browsing",
      states: {
        browsing: {
          initial: "shown",
          states: {
            shown: { always: { guard: "stale", target: "reading" } },
            reading: {
              invoke: {
                src: "loadCampaigns",
                onDone: { target: "shown", actions: assign({ campaigns: ({ event }) => event.output, stale: false }) },
                onError: { target: "shown", actions: [{ type: "rememberFailure", params: ({ event }) => ({ error: event.error }) }, assign({ stale: false })] },
              },
              // A reading begun before this reconnection may miss its events: begin again.
              on: { "live.resync": { target: "reading", reenter: true, actions: "resynced" } },
            },
          },
          on: {
            "campaigns.add": { target: "editing", actions: "startOver" },
            "campaigns.edit": { target: "editing", actions: "startOver" },
            "campaigns.clone": {
              target: "naming",
              actions: [
                "startOver",
                assign(({ context, event }) => ({ cloning: { id: event.id, name: `${named(context.campaigns, event.id)} (copy)` } })),
              ],
            },
            "campaigns.step": [
              { guard: "finishing", target: "confirmingFinish", actions: ["startOver", assign(({ event }) => ({ stepping: { id: event.id, step: event.step } }))] },
              { target: "stepping", actions: ["startOver", assign(({ event }) => ({ stepping: { id: event.id, step: event.step } }))] },
            ],
          },
        },
        editing: {
          invoke: {
            id: "editor",
            src: "editor",
            input: ({ context, event }) => {
              const campaign = event.type === "campaigns.edit" ? context.campaigns.find((row) => row.id === event.id) : undefined;
              return { draft: campaign ? draftOf(campaign) : newDraft(context.today, nextPosition(context.campaigns)) };
            },
            onDone: {
              target: "browsing",
              actions: {
                type: "rememberCampaign",
                params: ({ event }) => ({
                  campaign: event.output.campaign,
                  notice: `${event.output.campaign.name} was ${event.output.created ? "created as a draft: start it when it is ready" : "saved"}.`,
                }),
              },
            },
          },
          on: { "campaigns.editor.cancel": "browsing.reading" },
        },
        naming: {
          on: {
            "campaigns.clone.name": { actions: assign(({ context, event }) => ({ cloning: context.cloning && { ...context.cloning, name: event.name } })) },
            "campaigns.clone.confirm": { guard: "cloneNamed", target: "cloning" },
            "campaigns.cancel": { target: "browsing", actions: assign({ cloning: null, failure: null }) },
          },
        },
        cloning: {
          invoke: {
            src: "cloneCampaign",
            input: ({ context }) => ({ id: context.cloning!.id, name: context.cloning!.name.trim() }),
            onDone: {
              target: "browsing",
              actions: { type: "rememberCampaign", params: ({ event }) => ({ campaign: event.output, notice: `${event.output.name} was created as a draft copy.` }) },
            },
            onError: { target: "naming", actions: { type: "rememberFailure", params: ({ event }) => ({ error: event.error }) } },
          },
        },
        confirmingFinish: {
          on: {
            "campaigns.step.confirm": "stepping",
            "campaigns.cancel": { target: "browsing", actions: assign({ stepping: null }) },
          },
        },
        stepping: {
          invoke: {
            src: "changeState",
            input: ({ context }) => context.stepping!,
            onDone: {
              target: "browsing",
              actions: {
                type: "rememberCampaign",
                params: ({ context, event }) => ({ campaign: event.output, notice: STEP_NOTICE[context.stepping!.step](event.output.name) }),
              },
            },
            onError: { target: "browsing.reading", actions: [{ type: "rememberFailure", params: ({ event }) => ({ error: event.error }) }, assign({ stepping: null })] },
          },
        },
      },
    },
  },
});

export type CampaignsActor = ActorRefFrom<typeof campaignsMachine>;
