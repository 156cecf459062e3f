// The agent's campaign panel on the members list: the campaign the work queue served the member for,
// with its script beside the member, and otherwise the campaigns Next serves from (an agent with
// none works the list's filters). The script opens by itself each time a member of another campaign
// is served, and the agent may fold it away; the agent's campaigns follow the stream's `campaign`
// events (the list's stream), and are read again whenever the served campaign changes or the
// stream reconnects, so a pause or a new assignment shows at once without reloading the page. It
// also keeps the names of every campaign the reader may read, for a list narrowed to one campaign
// (the progress' drill-down) to say which, and, once the list is narrowed to one agent's saves in it,
// the names of the agents the progress counts, read then and not before: the agent clicking Next
// should not pay for them. It follows the queue part, the list's filters and its stream and changes
// none of them. Effects are named here and provided by src/app.
import { assign, fromCallback, setup, type ActorRefFrom, type EventObject } from "xstate";
import type { components } from "../../../../contract/schema";
import { notProvided } from "../../notProvided";
import type { queueMachine, ServedCampaign } from "../queue/queue.machine";
import type { ListRef } from "../list/list.follow";
import { selectFilters } from "../list/list.selectors";
import { withCampaignEvent } from "../../campaigns/campaignEvents";

export type Campaign = components["schemas"]["Campaign"];

export interface CampaignPanelInput {
  queue: ActorRefFrom<typeof queueMachine>;
  /** The members list, whose stream carries the `campaign` events. */
  list: ListRef;
  /** The signed-in agent: administrators read every campaign, but are served only their own. */
  userId: number;
}

export interface CampaignPanelContext extends CampaignPanelInput {
  /** The campaigns the agent is assigned to, in the supervisor's order. */
  campaigns: Campaign[];
  /** The name of every campaign the reader may read (administrators: all), by id. */
  names: Record<number, string>;
  /** The name of every agent the reader's campaigns' progress counts, by id; empty until the list is narrowed to one. */
  agentNames: Record<number, string>;
  /** The campaign the member on screen was served for; null outside campaigns. */
  current: ServedCampaign | null;
  scriptOpen: boolean;
}

export type CampaignPanelEvent =
  /** The queue served a member for this campaign (null: outside campaigns), or let it go. */
  | { type: "campaign.served"; campaign: ServedCampaign | null }
  | { type: "campaign.script.toggle" }
  /** A campaign the agent may read changed (null: they may no longer read it). */
  | { type: "campaign.changed"; change: components["schemas"]["CampaignEvent"] }
  /** The stream reconnected: changes may have been missed. */
  | { type: "campaign.resync" }
  /** The list was narrowed to one agent's saves in a campaign (null: to no agent). */
  | { type: "campaign.agent.narrowed"; agent: number | null }
  | { type: "campaign.retry" };

const sameCampaign = (a: ServedCampaign | null, b: ServedCampaign | null) => (a?.id ?? null) === (b?.id ?? null);

export const campaignPanelMachine = setup({
  types: {
    input: {} as CampaignPanelInput,
    context: {} as CampaignPanelContext,
    events: {} as CampaignPanelEvent,
  },
  actors: {
    /** GET /campaigns: the campaigns the caller may read. */
    loadCampaigns: notProvided<Campaign[]>("loadCampaigns"),
    /** GET /campaign-progress: the names of the agents the Campaigns page's agent rows show, by id. */
    loadAgentNames: notProvided<Record<number, string>>("loadAgentNames"),
    /** Tells the panel the campaign of each member the queue serves, as it changes. */
    followQueue: fromCallback<EventObject, { queue: CampaignPanelInput["queue"] }>(({ input: { queue }, sendBack }) => {
      let last = queue.getSnapshot().context.served?.campaign ?? null;
      const changed = queue.subscribe(({ context: { served } }) => {
        const campaign = served?.campaign ?? null;
        if (campaign === last) return;
        last = campaign;
        sendBack({ type: "campaign.served", campaign } satisfies CampaignPanelEvent);
      });
      return () => changed.unsubscribe();
    }),
    /** Tells the panel each `campaign` event of the list's stream, and each reconnection of it. */
    followCampaignEvents: fromCallback<EventObject, { list: ListRef }>(({ input: { list }, sendBack }) => {
      const live = list.on("members.live", ({ event }) => {
        if (event.event === "campaign") sendBack({ type: "campaign.changed", change: event.data } satisfies CampaignPanelEvent);
      });
      const resync = list.on("members.live.resync", () => sendBack({ type: "campaign.resync" } satisfies CampaignPanelEvent));
      return () => {
        live.unsubscribe();
        resync.unsubscribe();
      };
    }),
    /** Tells the panel the agent the list is narrowed to, at once and as it changes. */
    followAgentFilter: fromCallback<EventObject, { list: ListRef }>(({ input: { list }, sendBack }) => {
      let last = selectFilters(list.getSnapshot()).campaignAgent;
      sendBack({ type: "campaign.agent.narrowed", agent: last } satisfies CampaignPanelEvent);
      const changed = list.subscribe((snapshot) => {
        const agent = selectFilters(snapshot).campaignAgent;
        if (agent === last) return;
        last = agent;
        sendBack({ type: "campaign.agent.narrowed", agent } satisfies CampaignPanelEvent);
      });
      return () => changed.unsubscribe();
    }),
  },
  guards: {
    anotherCampaign: ({ context, event }) => event.type === "campaign.served" && !sameCampaign(context.current, event.campaign),
    unnamedAgent: ({ context, event }) => event.type === "campaign.agent.narrowed" && event.agent !== null && !(event.agent in context.agentNames),
  },
}).createMachine({
  id: "campaignPanel",
  context: ({ input }) => ({ ...input, campaigns: [], names: {}, agentNames: {}, current: null, scriptOpen: true }),
  invoke: [
    { src: "followQueue", input: ({ context }) => ({ queue: context.queue }) },
    { src: "followCampaignEvents", input: ({ context }) => ({ list: context.list }) },
    { src: "followAgentFilter", input: ({ context }) => ({ list: context.list }) },
  ],
  on: {
    "campaign.script.toggle": { actions: assign(({ context }) => ({ scriptOpen: !context.scriptOpen })) },
    "campaign.changed": {
      actions: assign(({ context, event }) => ({
        campaigns: withCampaignEvent(context.campaigns, event.change, (campaign) => (campaign.agents.includes(context.userId) ? campaign : null)),
        names: event.change.campaign ? { ...context.names, [event.change.id]: event.change.campaign.name } : context.names,
      })),
    },
  },
  type: "parallel",
  states: {
    campaigns: {
      initial: "loading",
      // On the region, not the machine, so that reading the campaigns again leaves the agents' names' read alone.
      on: {
        "campaign.served": [
          {
            guard: "anotherCampaign",
            target: ".loading",
            actions: assign(({ event }) => ({ current: event.campaign, scriptOpen: true })),
          },
          // The same campaign again: its script as the answer carried it, folded or not as the agent left it.
          { actions: assign(({ event }) => ({ current: event.campaign })) },
        ],
        "campaign.resync": ".loading",
      },
      states: {
        loading: {
          invoke: {
            src: "loadCampaigns",
            onDone: {
              target: "ready",
              actions: assign(({ context, event }) => ({
                campaigns: event.output.filter((campaign) => campaign.agents.includes(context.userId)),
                names: Object.fromEntries(event.output.map((campaign) => [campaign.id, campaign.name])),
              })),
            },
            onError: "failed",
          },
        },
        ready: {},
        /** The list of campaigns could not be read: the served campaign and its script still show. */
        failed: { on: { "campaign.retry": "loading" } },
      },
    },
    /** The agents' names, read when the list is narrowed to an agent not named yet; unread, the notice says the agent's number. */
    agentNames: {
      initial: "idle",
      // On its states, not the region: leaving the region would leave the campaigns' region too.
      states: {
        idle: { on: { "campaign.agent.narrowed": { guard: "unnamedAgent", target: "loading" } } },
        loading: {
          on: { "campaign.agent.narrowed": { guard: "unnamedAgent", target: "loading", reenter: true } },
          invoke: {
            src: "loadAgentNames",
            onDone: { target: "idle", actions: assign(({ context, event }) => ({ agentNames: { ...context.agentNames, ...event.output } })) },
            onError: "idle",
          },
        },
      },
    },
  },
});

export type CampaignPanelActor = ActorRefFrom<typeof campaignPanelMachine>;
