// The agent's campaign panel beside a stand-in queue: the served member's campaign and script, the
// script opened for each new campaign and folded by the agent, and the agent's active campaigns read
// again when the served campaign changes, and kept live by the stream's campaign events; the agents'
// names read once the list is narrowed to an agent it has not named. Fake timers drive the calls.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { assign, createActor, emit, fromPromise, setup } from "xstate";
import type { ListEmitted } from "../list/list.types";
import { testCampaign } from "../../../../tests/support/fakeCampaign";
import type { ServedCampaign } from "../queue/queue.machine";
import { campaignPanelMachine, type Campaign, type CampaignPanelInput } from "./campaignPanel.machine";
import * as select from "./campaignPanel.selectors";

const AGENT = 7;
const campaign = (id: number, state: Campaign["state"], agents = [AGENT]): Campaign =>
  testCampaign({ id, name: `Campaign ${id}`, script: `Script ${id}`, agents, startsOn: "2026-11-01", endsOn: "2026-12-31", position: id, state });
const servedFor = (id: number): ServedCampaign => ({ id, name: `Campaign ${id}`, script: `Hello,\nthis is campaign ${id}.` });

/** A stand-in queue: its context's served member carries the campaign it was served for. */
function standInQueue() {
  return createActor(
    setup({ types: { context: {} as { served: { campaign: ServedCampaign | null } | null }, events: {} as { type: "test.serve"; campaign: ServedCampaign | null } | { type: "test.dismiss" } } }).createMachine({
      context: { served: null },
      on: {
        "test.serve": { actions: assign({ served: ({ event }) => ({ campaign: event.campaign }) }) },
        "test.dismiss": { actions: assign({ served: null }) },
      },
    }),
  ).start();
}

type StandInListEvent = { type: "test.emit"; emitted: ListEmitted } | { type: "test.narrow"; campaignAgent: number | null };

/** A stand-in members list: its filters' agent, and what its live stream would emit (list.types.ts ListEmitted). */
function standInList(campaignAgent: number | null) {
  return createActor(
    setup({ types: { context: {} as { filters: { campaignAgent: number | null } }, events: {} as StandInListEvent, emitted: {} as ListEmitted } }).createMachine({
      context: { filters: { campaignAgent } },
      on: {
        "test.emit": { actions: emit(({ event }) => event.emitted) },
        "test.narrow": { actions: assign({ filters: ({ event }) => ({ campaignAgent: event.campaignAgent }) }) },
      },
    }),
  ).start();
}

/** Answers each read after 50 ms, in turn; an Error fails that read. */
function calls<T>(answers: (T | Error)[], empty: T) {
  let reads = 0;
  const actor = fromPromise<T>(async () => {
    reads += 1;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const answer = answers.shift() ?? empty;
    if (answer instanceof Error) throw answer;
    return answer;
  });
  return { actor, reads: () => reads };
}

function start(answers: (Campaign[] | Error)[], { agentNames = [] as (Record<number, string> | Error)[], campaignAgent = null as number | null } = {}) {
  const queue = standInQueue();
  const list = standInList(campaignAgent);
  const campaigns = calls(answers, []);
  const names = calls(agentNames, {});
  const machine = campaignPanelMachine.provide({ actors: { loadCampaigns: campaigns.actor, loadAgentNames: names.actor } });
  const panel = createActor(machine, { input: { queue, list, userId: AGENT } as unknown as CampaignPanelInput }).start();
  const stream = (emitted: ListEmitted) => list.send({ type: "test.emit", emitted });
  const narrow = (agent: number | null) => list.send({ type: "test.narrow", campaignAgent: agent });
  return { panel, queue, stream, narrow, reads: campaigns.reads, nameReads: names.reads };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("campaign panel", () => {
  it("lists the agent's active campaigns, not another agent's nor a paused one", async () => {
    const { panel } = start([[campaign(1, "active"), campaign(2, "paused"), campaign(3, "active", [99])]]);
    await vi.advanceTimersByTimeAsync(49);
    expect(select.selectActiveCampaigns(panel.getSnapshot())).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(select.selectActiveCampaigns(panel.getSnapshot()).map((c) => c.id)).toEqual([1]);
    expect(select.selectCurrentCampaign(panel.getSnapshot())).toBeNull();
  });

  it("shows the served member's campaign with its script open; the agent folds it; the same campaign again keeps it folded", async () => {
    const { panel, queue, reads } = start([[campaign(1, "active")], [campaign(1, "active")]]);
    await vi.advanceTimersByTimeAsync(50);
    queue.send({ type: "test.serve", campaign: servedFor(1) });
    expect(select.selectCurrentCampaign(panel.getSnapshot())).toEqual(servedFor(1));
    expect(select.selectScriptOpen(panel.getSnapshot())).toBe(true);
    panel.send({ type: "campaign.script.toggle" });
    expect(select.selectScriptOpen(panel.getSnapshot())).toBe(false);
    await vi.advanceTimersByTimeAsync(50);
    expect(reads()).toBe(2);
    queue.send({ type: "test.serve", campaign: servedFor(1) });
    expect(select.selectScriptOpen(panel.getSnapshot())).toBe(false);
    expect(reads()).toBe(2);
  });

  it("a member of another campaign opens its script again and reads the campaigns again: a pause shows", async () => {
    const { panel, queue } = start([[campaign(1, "active"), campaign(2, "active")], [campaign(1, "active"), campaign(2, "active")], [campaign(1, "paused"), campaign(2, "active")]]);
    await vi.advanceTimersByTimeAsync(50);
    queue.send({ type: "test.serve", campaign: servedFor(1) });
    panel.send({ type: "campaign.script.toggle" });
    await vi.advanceTimersByTimeAsync(50);
    queue.send({ type: "test.serve", campaign: servedFor(2) });
    expect(select.selectScriptOpen(panel.getSnapshot())).toBe(true);
    expect(select.selectCurrentCampaign(panel.getSnapshot())?.script).toBe("Hello,\nthis is campaign 2.");
    await vi.advanceTimersByTimeAsync(50);
    expect(select.selectActiveCampaigns(panel.getSnapshot()).map((c) => c.id)).toEqual([2]);
    queue.send({ type: "test.dismiss" });
    expect(select.selectCurrentCampaign(panel.getSnapshot())).toBeNull();
  });

  it("a failed read says so and is tried again; the served campaign still shows meanwhile", async () => {
    const { panel, queue } = start([new Error("The server could not be reached."), [campaign(1, "active")]]);
    await vi.advanceTimersByTimeAsync(50);
    expect(select.selectCampaignsFailed(panel.getSnapshot())).toBe(true);
    queue.send({ type: "test.serve", campaign: servedFor(1) });
    expect(select.selectCurrentCampaign(panel.getSnapshot())?.name).toBe("Campaign 1");
    await vi.advanceTimersByTimeAsync(50);
    expect(select.selectCampaignsFailed(panel.getSnapshot())).toBe(false);
    expect(select.selectActiveCampaigns(panel.getSnapshot()).map((c) => c.id)).toEqual([1]);
  });

  it("follows the stream's campaign events at once: a pause, a new assignment, an agent taken off; and reads again after a reconnection", async () => {
    const { panel, stream, reads } = start([[campaign(1, "active"), campaign(2, "active")], [campaign(4, "active")]]);
    await vi.advanceTimersByTimeAsync(50);
    const active = () => select.selectActiveCampaigns(panel.getSnapshot()).map((c) => c.id);
    stream({ type: "members.live", event: { event: "campaign", data: { id: 1, campaign: campaign(1, "paused") } } });
    expect(active()).toEqual([2]);
    stream({ type: "members.live", event: { event: "campaign", data: { id: 3, campaign: campaign(3, "active") } } });
    expect(active()).toEqual([2, 3]);
    stream({ type: "members.live", event: { event: "campaign", data: { id: 2, campaign: null } } });
    stream({ type: "members.live", event: { event: "campaign", data: { id: 3, campaign: campaign(3, "active", [99]) } } });
    expect(active()).toEqual([]);
    expect(reads()).toBe(1);
    stream({ type: "members.live.resync" });
    await vi.advanceTimersByTimeAsync(50);
    expect(reads()).toBe(2);
    expect(active()).toEqual([4]);
  });

  it("names the agent a list is narrowed to once the names are read, and reads them only for an agent not named yet", async () => {
    const { panel, narrow, nameReads, reads } = start([[campaign(1, "active")]], { agentNames: [{ 5: "Dana Reyes", 6: "Lee Chan" }, { 9: "Ana Ruiz" }], campaignAgent: 5 });
    const name = (id: number) => select.selectAgentName(id)(panel.getSnapshot());
    expect(nameReads()).toBe(1);
    await vi.advanceTimersByTimeAsync(49);
    expect(name(5)).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(name(5)).toBe("Dana Reyes");
    narrow(6);
    narrow(null);
    expect(nameReads()).toBe(1);
    expect(name(6)).toBe("Lee Chan");
    narrow(9);
    await vi.advanceTimersByTimeAsync(50);
    expect(nameReads()).toBe(2);
    expect(name(9)).toBe("Ana Ruiz");
    expect(name(5)).toBe("Dana Reyes");
    expect(reads()).toBe(1);
  });

  it("reads no names while the list is not narrowed to an agent", async () => {
    const { nameReads } = start([[campaign(1, "active")]], { agentNames: [{ 5: "Dana Reyes" }] });
    await vi.advanceTimersByTimeAsync(200);
    expect(nameReads()).toBe(0);
  });

  it("a failed read of the names leaves the agent unnamed (the notice says their number), and the campaigns read on", async () => {
    const { panel, queue, nameReads } = start([[campaign(1, "active")], [campaign(1, "active"), campaign(2, "active")]], { agentNames: [new Error("Forbidden")], campaignAgent: 5 });
    await vi.advanceTimersByTimeAsync(50);
    expect(nameReads()).toBe(1);
    expect(select.selectAgentName(5)(panel.getSnapshot())).toBeUndefined();
    expect(select.selectCampaignsFailed(panel.getSnapshot())).toBe(false);
    queue.send({ type: "test.serve", campaign: servedFor(2) });
    await vi.advanceTimersByTimeAsync(50);
    expect(select.selectActiveCampaigns(panel.getSnapshot()).map((c) => c.id)).toEqual([1, 2]);
  });

  it("reading the campaigns again for another served campaign leaves a read of the names under way alone", async () => {
    const { panel, queue, nameReads } = start([[campaign(1, "active")], [campaign(1, "active")]], { agentNames: [{ 5: "Dana Reyes" }], campaignAgent: 5 });
    await vi.advanceTimersByTimeAsync(30);
    queue.send({ type: "test.serve", campaign: servedFor(1) });
    await vi.advanceTimersByTimeAsync(20);
    expect(select.selectAgentName(5)(panel.getSnapshot())).toBe("Dana Reyes");
    expect(nameReads()).toBe(1);
  });
});
