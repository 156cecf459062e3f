// The campaign editor (administrators): a new campaign or the changes to one, in a form. The targets
// are the members list's own filters and search; after each change of them (a pause of 750 ms, the
// list's own search debounce) the server counts the members they match now, so the administrator
// sees the campaign's size, and its warning when it matches nobody (allowed: members may match later).
// Saving sends the version the administrator opened: the server's refusals come back on the fields
// they name (a name taken, dates out of order, hours outside the calling window, an agent no longer
// enabled, a change another administrator saved first). Runs inside the Campaigns page, which it
// tells of the campaign saved. Effects are named here and provided by src/app.
import { assign, setup, type ActorRefFrom } from "xstate";
import { MEMBER_SEARCH_DEBOUNCE_MS } from "../../lib/constants";
import { failureOf, type Failure } from "../adminFailure";
import { changeFilters, type MemberFilters, type RegionFilter } from "../members/members.filters";
import { notProvided } from "../notProvided";
import {
  draftComplete,
  inputOf,
  targetsOf,
  type Campaign,
  type CampaignDraft,
  type CampaignInput,
  type CampaignTargets,
  type CampaignTargetsCount,
  type DraftField,
} from "./campaignDraft";

export interface CampaignEditorContext {
  draft: CampaignDraft;
  /** The members the targets match now, with the server's warning; null until counted. */
  count: CampaignTargetsCount | null;
  failure: Failure | null;
  /** The campaign as the server saved it. */
  saved: Campaign | null;
}

export type CampaignEditorEvent =
  | { type: "editor.field.change"; field: DraftField; value: string }
  | { type: "editor.filter.change"; change: Partial<MemberFilters> }
  | { type: "editor.search.change"; text: string }
  | { type: "editor.region.change"; region: RegionFilter }
  | { type: "editor.agent.toggle"; id: number }
  | { type: "editor.practice.toggle"; id: number }
  | { type: "editor.save" };

/** What the page hears of its editor once saved: the campaign, and whether it is a new one. */
export interface CampaignEditorOutput {
  campaign: Campaign;
  created: boolean;
}

const toggled = (ids: readonly number[], id: number) => (ids.includes(id) ? ids.filter((each) => each !== id) : [...ids, id]);

export const campaignEditorMachine = setup({
  types: {
    input: {} as { draft: CampaignDraft },
    context: {} as CampaignEditorContext,
    events: {} as CampaignEditorEvent,
    output: {} as CampaignEditorOutput,
  },
  actors: {
    /** POST /campaigns (id null) or PUT /campaigns/{id} with the version seen. */
    saveCampaign: notProvided<Campaign, { id: number | null; version: number | null; body: CampaignInput }>("saveCampaign"),
    /** POST /campaign-targets/count: how many members the targets match now. */
    countTargets: notProvided<CampaignTargetsCount, CampaignTargets>("countTargets"),
  },
  delays: { countDebounce: MEMBER_SEARCH_DEBOUNCE_MS },
  actions: {
    changeDraft: assign(({ context }, change: Partial<CampaignDraft>) => ({ draft: { ...context.draft, ...change } })),
  },
  guards: {
    complete: ({ context }) => draftComplete(context.draft),
  },
}).createMachine({
  id: "campaignEditor",
  context: ({ input }) => ({ draft: input.draft, count: null, failure: null, saved: null }),
  initial: "open",
  output: ({ context }) => ({ campaign: context.saved!, created: context.draft.id === null }),
  states: {
    saved: { type: "final" },
    open: {
      type: "parallel",
      states: {
        form: {
          initial: "editing",
          states: {
            editing: {
              on: {
                "editor.field.change": { actions: { type: "changeDraft", params: ({ event }) => ({ [event.field]: event.value }) } },
                "editor.agent.toggle": { actions: { type: "changeDraft", params: ({ context, event }) => ({ agents: toggled(context.draft.agents, event.id) }) } },
                "editor.save": { guard: "complete", target: "saving" },
              },
            },
            saving: {
              entry: assign({ failure: null }),
              invoke: {
                src: "saveCampaign",
                input: ({ context }) => ({ id: context.draft.id, version: context.draft.version, body: inputOf(context.draft) }),
                onDone: { target: "#campaignEditor.saved", actions: assign({ saved: ({ event }) => event.output }) },
                onError: { target: "editing", actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
              },
            },
          },
        },
        count: {
          initial: "waiting",
          on: {
            "editor.filter.change": {
              target: ".waiting",
              reenter: true,
              // As on the list (§4): a brand change resets the practices and drops an MCO of another brand.
              actions: { type: "changeDraft", params: ({ context, event }) => ({ filters: changeFilters(context.draft.filters, event.change) }) },
            },
            "editor.practice.toggle": {
              target: ".waiting",
              reenter: true,
              actions: {
                type: "changeDraft",
                params: ({ context, event }) => ({ filters: { ...context.draft.filters, practiceIds: toggled(context.draft.filters.practiceIds, event.id) } }),
              },
            },
            "editor.search.change": { target: ".waiting", reenter: true, actions: { type: "changeDraft", params: ({ event }) => ({ search: event.text }) } },
            "editor.region.change": { target: ".waiting", reenter: true, actions: { type: "changeDraft", params: ({ event }) => ({ region: event.region }) } },
          },
          states: {
            waiting: { after: { countDebounce: "counting" } },
            counting: {
              invoke: {
                src: "countTargets",
                input: ({ context }) => targetsOf(context.draft),
                onDone: { target: "counted", actions: assign({ count: ({ event }) => event.output }) },
                onError: { target: "failed", actions: assign({ count: null }) },
              },
            },
            counted: {},
            /** The count could not be read: the campaign can still be saved. */
            failed: {},
          },
        },
      },
    },
  },
});

export type CampaignEditorActor = ActorRefFrom<typeof campaignEditorMachine>;
