// Campaigns on the supervisor's live board: each agent's row names the campaign they work (their
// live claim's when a Next served it for one, else their latest call's today, none while they work
// a member from the list), the administrators' `agent` events carry it as it moves, and the board
// can be narrowed to the agents assigned to one campaign.
import { beforeAll, describe, expect, it } from "vitest";
import { validateComponent } from "../../mocks/openapi/validate";
import { fieldsOf, useBackend, type SignedIn } from "./fixtures";
import { useEventStreams } from "./eventStreams";
import { worklist } from "./worklist";
import { campaignSetup } from "./campaignSetup";

const backend = useBackend();
const members = worklist(backend);
const { servable, campaignFor, step } = campaignSetup(backend, members, `Board campaign ${Date.now()}`);

/** A new agent of this file's own: no callbacks of theirs come before a campaign, no campaign of the demo's is theirs. */
let agent: SignedIn;
beforeAll(async () => {
  const email = `board.campaigns.${Date.now()}@recalldesk.example`;
  const added = await backend.api.post("/staff", { token: backend.admin.token, body: { email, firstname: "Dana", lastname: "Cho", isAdmin: false, defaultLocationId: "" } });
  expect(added.status).toBe(201);
  agent = await backend.signIn(email);
});

const listen = useEventStreams(backend);

const board = (query: { campaign?: number } = {}, who: SignedIn = backend.admin) => backend.api.get("/board", { token: who.token, query });
const rowOf = async (who: SignedIn) => ((await board()).body.agents as any[]).find((row) => row.userId === who.user.id);

const activeCampaign = (member: any) => campaignFor(member, agent, { script: "Hello." }) as Promise<{ id: number; name: string }>;
const finish = (campaign: { id: number }) => step(campaign, "finish");

describe("an agent's campaign on the live board", () => {
  it("is their claim's from a Next, then their latest call's once saved, and none while they work a member from the list", async () => {
    const target = await servable();
    const campaign = await activeCampaign(target);
    const watching = await listen(backend.admin);

    const served = await backend.api.post("/queue/next", { token: agent.token });
    expect(served.body).toMatchObject({ member: { id: target.id }, campaign: { id: campaign.id } });
    expect((await rowOf(agent)).campaign).toEqual({ id: campaign.id, name: campaign.name });
    const event = await watching.next((candidate) => candidate.event === "agent" && JSON.parse(candidate.data).claim?.member.id === target.id, 2000);
    expect(validateComponent("BoardAgent", JSON.parse(event.data))).toEqual([]);
    expect(JSON.parse(event.data).campaign).toEqual({ id: campaign.id, name: campaign.name });

    expect((await backend.api.post("/Members/calls", { token: agent.token, body: { memberId: target.id } })).status).toBe(201);
    expect((await members.saveResult(target, "No answer", agent)).status).toBe(201);
    expect(await rowOf(agent)).toMatchObject({ claim: null, campaign: { id: campaign.id, name: campaign.name } });

    const listed = await members.freshMember();
    expect((await backend.api.post("/Members/claims", { token: agent.token, body: { memberId: listed.id } })).status).toBe(200);
    expect(await rowOf(agent)).toMatchObject({ claim: { member: { id: listed.id } }, campaign: null });
    await backend.api.delete("/Members/claims/{memberId}", { token: agent.token, path: { memberId: listed.id } });
    await finish(campaign);
  });
});

describe("GET /board?campaign=", () => {
  it("keeps only the agents assigned to the campaign", async () => {
    const campaign = await activeCampaign(await servable());
    const everyone = await board();
    expect((everyone.body.agents as any[]).map((row) => row.userId)).toEqual(expect.arrayContaining([agent.user.id, backend.colleague.user.id]));
    const narrowed = await board({ campaign: campaign.id });
    expect(narrowed.status).toBe(200);
    expect((narrowed.body.agents as any[]).map((row) => row.userId)).toEqual([agent.user.id]);
    await finish(campaign);
  });

  it("answers 400 naming campaign for a campaign that does not exist", async () => {
    const unknown = await board({ campaign: 2_000_000 });
    expect(unknown.status).toBe(400);
    expect(fieldsOf(unknown.body)).toEqual(["campaign"]);
  });

  it("is for administrators only", async () => {
    expect((await board({}, backend.staff)).status).toBe(403);
  });
});
