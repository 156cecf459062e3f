// The agent's campaign panel beside a stand-in queue: the served member's campaign and script, the
// script opened for each new campaign and folded by the agent, and the agent's active campaigns read
// again when the served campaign changes, and kept live by the stream's campaign events. Fake
// timers drive the call.
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

/** A stand-in members list: it emits what its live stream would (list.types.ts ListEmitted). */
function standInList() {
  return createActor(
    setup({ types: { events: {} as { type: "test.emit"; emitted: ListEmitted }, emitted: {} as ListEmitted } }).createMachine({
      on: { "test.emit": { actions: emit(({ event }) => event.emitted) } },
    }),
  ).start();
}

function start(answers: (Campaign[] | Error)[]) {
  const queue = standInQueue();
  const list = standInList();
  let reads = 0;
  const machine = campaignPanelMachine.provide({
    actors: {
      loadCampaigns: fromPromise<Campaign[]>(async () => {
        reads += 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
        const answer = answers.shift() ?? [];
        if (answer instanceof Error) throw answer;
        return answer;
      }),
    },
  });
  const panel = createActor(machine, { input: { queue, list, userId: AGENT } as unknown as CampaignPanelInput }).start();
  const stream = (emitted: ListEmitted) => list.send({ type: "test.emit", emitted });
  return { panel, queue, stream, reads: () => reads };
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
});
