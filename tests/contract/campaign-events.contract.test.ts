// Live `campaign` events: after a campaign is created, changed, cloned, paused, resumed or finished,
// or an agent left it, the streams of administrators and of its agents get the campaign as it is
// now; an agent taken off it gets null (they may no longer read it); other staff get nothing.
import { describe, expect, it } from "vitest";
import { validateComponent } from "../../mocks/openapi/validate";
import type { EventStream } from "../support/testStream.ts";
import { useBackend } from "./fixtures";
import { useEventStreams } from "./eventStreams";
import { campaignInput } from "../support/fakeCampaign";

const backend = useBackend();

const listen = useEventStreams(backend);

/** The data of the next `campaign` event of the campaign, within 2 seconds, checked against the contract. */
async function campaignEvent(events: EventStream, id: number) {
  const event = await events.next((candidate) => candidate.event === "campaign" && JSON.parse(candidate.data).id === id, 2000);
  const data = JSON.parse(event.data);
  expect(validateComponent("CampaignEvent", data)).toEqual([]);
  return data as { id: number; campaign: { id: number; name: string; state: string; version: number; agents: number[] } | null };
}

const quietly = () => new Promise((resolve) => setTimeout(resolve, 500));
const campaignEvents = (events: EventStream) => events.received.filter((item) => "event" in item && item.event === "campaign");

let run = 0;
const input = (agents: number[]) => campaignInput({ name: `Events campaign ${Date.now()} ${(run += 1)}`, script: "Hello.", agents });
const create = (agents: number[]) => backend.api.post("/campaigns", { token: backend.admin.token, body: input(agents) });
const step = (id: number, name: string) => backend.api.post("/campaigns/{id}/{step}", { token: backend.admin.token, path: { id, step: name } });

describe("campaign events of the stream", () => {
  it("carry each change to administrators and the campaign's agents, and never to other staff", async () => {
    const [admin, agent, other] = [await listen(backend.admin), await listen(backend.staff), await listen(backend.colleague)];
    const created = await create([backend.staff.user.id]);
    expect(created.status).toBe(201);
    const { id } = created.body;
    expect(await campaignEvent(admin, id)).toEqual({ id, campaign: created.body });
    expect((await campaignEvent(agent, id)).campaign).toMatchObject({ id, state: "draft" });

    for (const [name, state] of [["resume", "active"], ["pause", "paused"], ["resume", "active"], ["finish", "finished"]] as const) {
      expect((await step(id, name)).status).toBe(200);
      expect((await campaignEvent(admin, id)).campaign?.state).toBe(state);
      expect((await campaignEvent(agent, id)).campaign?.state).toBe(state);
    }

    const cloned = await backend.api.post("/campaigns/{id}/clone", { token: backend.admin.token, path: { id }, body: { name: `${created.body.name} again` } });
    expect(cloned.status).toBe(201);
    expect((await campaignEvent(admin, cloned.body.id)).campaign).toMatchObject({ name: `${created.body.name} again`, state: "draft" });
    expect((await campaignEvent(agent, cloned.body.id)).campaign).toMatchObject({ id: cloned.body.id });
    await quietly();
    expect(campaignEvents(other)).toEqual([]);
  });

  it("tell an agent taken off a campaign that they may no longer read it, and the agents still on it the change", async () => {
    const created = (await create([backend.staff.user.id, backend.colleague.user.id])).body;
    const [staying, leaving] = [await listen(backend.staff), await listen(backend.colleague)];
    const { id: _id, state: _state, ...seen } = created;
    const changed = await backend.api.put("/campaigns/{id}", { token: backend.admin.token, path: { id: created.id }, body: { ...seen, agents: [backend.staff.user.id] } });
    expect(changed.status).toBe(200);
    expect(await campaignEvent(leaving, created.id)).toEqual({ id: created.id, campaign: null });
    expect((await campaignEvent(staying, created.id)).campaign).toMatchObject({ agents: [backend.staff.user.id], version: 2 });
  });

  it("tell administrators when a disabled agent leaves a campaign", async () => {
    const accounts = (await backend.api.get("/auth/dev/accounts")).body as { email: string; isAdmin: boolean }[];
    const spare = await backend.signIn(accounts.filter((account) => !account.isAdmin).at(-1)!.email);
    const created = (await create([spare.user.id, backend.staff.user.id])).body;
    const admin = await listen(backend.admin);
    expect((await backend.api.post("/staff/{id}/disable", { token: backend.admin.token, path: { id: spare.user.id } })).status).toBe(200);
    expect((await campaignEvent(admin, created.id)).campaign).toMatchObject({ agents: [backend.staff.user.id], version: 2 });
  });
});
