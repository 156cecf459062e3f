// The Campaigns page with stub calls: the editor opens on a new campaign or an existing one and its
// save joins the list; closing it unsaved reads the campaigns again; a copy is named first; finish
// is asked first, pause and resume are not; a refused step says why and reads the campaigns again;
// the stream's campaign events change the list at once; a reconnection reads it again without
// losing a press made meanwhile.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, fromCallback, fromPromise } from "xstate";
import { HttpError } from "../../../contract/errors.ts";
import { testCampaign } from "../../../tests/support/fakeCampaign";
import type { Campaign, CampaignInput, CampaignTargets, CampaignTargetsCount } from "./campaignDraft";
import { campaignEditorMachine } from "./campaignEditor.machine";
import { campaignsMachine, type CampaignsChoices, type CampaignsEvent, type CampaignStep } from "./campaigns.machine";
import * as select from "./campaigns.selectors";

const campaign = (id: number, state: Campaign["state"], position = id): Campaign =>
  testCampaign({ id, name: `Campaign ${id}`, agents: [7], startsOn: "2026-11-30", endsOn: "2026-12-04", position, state });

function start({ refuseStep = false, holdReads = false } = {}) {
  let reads = 0;
  const held: (() => void)[] = [];
  const stream: { sendBack?: (event: CampaignsEvent) => void; received: string[] } = { received: [] };
  const steps: { id: number; step: CampaignStep }[] = [];
  const clones: { id: number; name: string }[] = [];
  const machine = campaignsMachine.provide({
    actors: {
      load: fromPromise<CampaignsChoices & { campaigns: Campaign[] }>(async () => ({ campaigns: [campaign(1, "active"), campaign(2, "draft")], staff: [], practices: [], dentists: [], today: "2026-11-29" })),
      loadCampaigns: fromPromise(async () => {
        reads += 1;
        if (holdReads) await new Promise<void>((release) => held.push(release));
        return [campaign(1, "paused"), campaign(2, "draft")];
      }),
      cloneCampaign: fromPromise<Campaign, { id: number; name: string }>(async ({ input }) => {
        clones.push(input);
        return { ...campaign(3, "draft"), name: input.name };
      }),
      changeState: fromPromise<Campaign, { id: number; step: CampaignStep }>(async ({ input }) => {
        steps.push(input);
        if (refuseStep) throw new HttpError(409, "A paused campaign cannot be paused", [{ field: "state", message: "does not allow this step" }]);
        return { ...campaign(input.id, input.step === "pause" ? "paused" : input.step === "finish" ? "finished" : "active"), version: 2 };
      }),
      liveEvents: fromCallback<CampaignsEvent>(({ sendBack, receive }) => {
        stream.sendBack = sendBack;
        receive((event) => void stream.received.push(event.type));
      }) as never,
      editor: campaignEditorMachine.provide({
        actors: {
          countTargets: fromPromise<CampaignTargetsCount, CampaignTargets>(async () => ({ count: 10, warning: null })),
          saveCampaign: fromPromise<Campaign, { id: number | null; version: number | null; body: CampaignInput }>(async ({ input }) => ({ ...campaign(input.id ?? 3, "draft"), ...input.body })),
        },
      }),
    },
  });
  const page = createActor(machine).start();
  const releaseReads = () => held.splice(0).forEach((release) => release());
  return { page, steps, clones, stream, tell: (event: CampaignsEvent) => stream.sendBack!(event), reads: () => reads, releaseReads };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("Campaigns page", () => {
  it("a new campaign starts today for a week after the others in order; saved, it joins the list as a draft", async () => {
    const { page } = start();
    await vi.advanceTimersByTimeAsync(0);
    page.send({ type: "campaigns.add" });
    const editor = select.selectEditor(page.getSnapshot())!;
    expect(select.selectDraft(editor.getSnapshot())).toMatchObject({ id: null, startsOn: "2026-11-29", endsOn: "2026-12-05", position: "3" });
    editor.send({ type: "editor.field.change", field: "name", value: "Houston recare" });
    editor.send({ type: "editor.save" });
    await vi.advanceTimersByTimeAsync(0);
    expect(select.selectEditor(page.getSnapshot())).toBeNull();
    expect(select.selectCampaigns(page.getSnapshot()).map((row) => row.name)).toEqual(["Campaign 1", "Campaign 2", "Houston recare"]);
    expect(select.selectNotice(page.getSnapshot())).toBe("Houston recare was created as a draft: start it when it is ready.");
  });

  it("editing opens the campaign; closing it unsaved reads the campaigns again", async () => {
    const { page, reads } = start();
    await vi.advanceTimersByTimeAsync(0);
    page.send({ type: "campaigns.edit", id: 1 });
    expect(select.selectDraft(select.selectEditor(page.getSnapshot())!.getSnapshot())).toMatchObject({ id: 1, version: 1, name: "Campaign 1" });
    page.send({ type: "campaigns.editor.cancel" });
    await vi.advanceTimersByTimeAsync(0);
    expect(reads()).toBe(1);
    expect(select.selectCampaigns(page.getSnapshot())[0]!.state).toBe("paused");
    expect(select.selectCanChange(page.getSnapshot())).toBe(true);
  });

  it("a copy is named first (an empty name is not sent) and joins the list", async () => {
    const { page, clones } = start();
    await vi.advanceTimersByTimeAsync(0);
    page.send({ type: "campaigns.clone", id: 2 });
    expect(select.selectCloning(page.getSnapshot())).toMatchObject({ id: 2, name: "Campaign 2 (copy)" });
    page.send({ type: "campaigns.clone.name", name: "  " });
    page.send({ type: "campaigns.clone.confirm" });
    expect(clones).toEqual([]);
    page.send({ type: "campaigns.clone.name", name: "Dallas recare " });
    page.send({ type: "campaigns.clone.confirm" });
    await vi.advanceTimersByTimeAsync(0);
    expect(clones).toEqual([{ id: 2, name: "Dallas recare" }]);
    expect(select.selectCampaigns(page.getSnapshot()).at(-1)?.name).toBe("Dallas recare");
  });

  it("pause is written at once, finish only once confirmed; the steps follow the state", async () => {
    const { page, steps } = start();
    await vi.advanceTimersByTimeAsync(0);
    expect(select.stepsOf(campaign(1, "active")).map((each) => each.label)).toEqual(["Pause", "Finish"]);
    expect(select.stepsOf(campaign(1, "finished"))).toEqual([]);
    page.send({ type: "campaigns.step", id: 1, step: "pause" });
    expect(select.selectBusyId(page.getSnapshot())).toBe(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(select.selectNotice(page.getSnapshot())).toBe("Campaign 1 is paused: Next no longer serves its members.");
    page.send({ type: "campaigns.step", id: 2, step: "finish" });
    expect(select.selectFinishAsked(page.getSnapshot())?.id).toBe(2);
    expect(steps).toEqual([{ id: 1, step: "pause" }]);
    page.send({ type: "campaigns.step.confirm" });
    await vi.advanceTimersByTimeAsync(0);
    expect(steps).toEqual([{ id: 1, step: "pause" }, { id: 2, step: "finish" }]);
    expect(select.selectCampaigns(page.getSnapshot())[1]!.state).toBe("finished");
  });

  it("a refused step says why and reads the campaigns again", async () => {
    const { page, reads } = start({ refuseStep: true });
    await vi.advanceTimersByTimeAsync(0);
    page.send({ type: "campaigns.step", id: 1, step: "pause" });
    await vi.advanceTimersByTimeAsync(0);
    expect(select.selectFailure(page.getSnapshot())?.message).toBe("A paused campaign cannot be paused");
    expect(reads()).toBe(1);
    expect(select.selectCampaigns(page.getSnapshot())[0]!.state).toBe("paused");
  });

  it("shows another administrator's change at once from the stream, and reads the campaigns again after a reconnection", async () => {
    const { page, tell, stream, reads } = start();
    await vi.advanceTimersByTimeAsync(0);
    tell({ type: "live.event", event: { event: "campaign", data: { id: 1, campaign: { ...campaign(1, "paused"), version: 2 } } } });
    expect(select.selectCampaigns(page.getSnapshot()).map((row) => [row.id, row.state])).toEqual([
      [1, "paused"],
      [2, "draft"],
    ]);
    tell({ type: "live.event", event: { event: "campaign", data: { id: 3, campaign: campaign(3, "draft", 0) } } });
    expect(select.selectCampaigns(page.getSnapshot()).map((row) => row.id)).toEqual([3, 1, 2]);
    tell({ type: "live.resync" });
    await vi.advanceTimersByTimeAsync(0);
    expect(reads()).toBe(1);
    expect(stream.received).toContain("live.resynced");
  });

  it("keeps a press made while the list is read again after a reconnection, and reads it again once the copy is made", async () => {
    const { page, tell, reads, clones, releaseReads } = start({ holdReads: true });
    await vi.advanceTimersByTimeAsync(0);
    tell({ type: "live.resync" });
    await vi.advanceTimersByTimeAsync(0);
    expect(reads()).toBe(1);
    expect(select.selectCanChange(page.getSnapshot())).toBe(true);
    page.send({ type: "campaigns.clone", id: 2 });
    expect(select.selectCloning(page.getSnapshot())).toMatchObject({ id: 2, name: "Campaign 2 (copy)" });
    page.send({ type: "campaigns.clone.confirm" });
    await vi.advanceTimersByTimeAsync(0);
    expect(clones).toEqual([{ id: 2, name: "Campaign 2 (copy)" }]);
    expect(reads()).toBe(2);
    releaseReads();
    await vi.advanceTimersByTimeAsync(0);
    expect(select.selectCampaigns(page.getSnapshot()).map((row) => [row.id, row.state])).toEqual([
      [1, "paused"],
      [2, "draft"],
    ]);
  });

  it("reads the campaigns again when the editor closes saved after a reconnection while it was open", async () => {
    const { page, tell, reads } = start();
    await vi.advanceTimersByTimeAsync(0);
    page.send({ type: "campaigns.edit", id: 1 });
    tell({ type: "live.resync" });
    await vi.advanceTimersByTimeAsync(0);
    expect(reads()).toBe(0);
    select.selectEditor(page.getSnapshot())!.send({ type: "editor.save" });
    await vi.advanceTimersByTimeAsync(0);
    expect(reads()).toBe(1);
    expect(select.selectCampaigns(page.getSnapshot())[0]!.state).toBe("paused");
  });
});
