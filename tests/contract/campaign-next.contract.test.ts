// Next from campaigns: an agent assigned to active campaigns is served only their members, the
// campaigns in the order the supervisor set, and the answer names the campaign with its script; a
// paused, finished, draft or out-of-dates campaign is not served, and an agent without one works
// under the list's filters as before.
import { describe, expect, it } from "vitest";
import { useBackend, type SignedIn } from "./fixtures";
import { worklist } from "./worklist";
import { campaignSetup, only } from "./campaignSetup";

const backend = useBackend();
const members = worklist(backend);
const setup = campaignSetup(backend, members, "Campaign");
type Query = Record<string, string | number | undefined>;

const next = (who: SignedIn, query: Query = {}) => backend.api.post("/queue/next", { token: who.token, query });
const release = (who: SignedIn, memberId: number) => backend.api.delete("/Members/claims/{memberId}", { token: who.token, path: { memberId } });
const counts = (who: SignedIn, query: Query) => backend.api.get("/queue/counts", { token: who.token, query });
/** A campaign whose script runs over two lines, as agents are shown it. */
const campaignFor = (member: any, agent: SignedIn, overrides: Record<string, unknown> = {}, start = true) =>
  setup.campaignFor(member, agent, { script: "Hello, this is the practice.\nAsk about the checkup.", ...overrides }, start);
const stepOf = setup.step;
const servable = () => setup.servable();

describe("POST /queue/next with campaigns", () => {
  it("serves an agent only their campaign's members, naming the campaign with its script, not the list's filters", async () => {
    const target = await servable();
    const outside = await servable();
    const campaign = await campaignFor(target, backend.colleague);
    const served = await next(backend.colleague, only(outside));
    expect(served.status).toBe(200);
    expect(served.body.member.id).toBe(target.id);
    expect(served.body.campaign).toEqual({ id: campaign.id, name: campaign.name, script: campaign.script });
    const again = await next(backend.colleague, only(outside));
    expect(again.body).toMatchObject({ member: null, campaign: null });
    await release(backend.colleague, target.id);
    await stepOf(campaign, "finish");
  });

  it("serves the campaigns in the supervisor's order", async () => {
    const first = await servable();
    const second = await servable();
    const later = await campaignFor(second, backend.colleague, { position: 5 });
    const sooner = await campaignFor(first, backend.colleague, { position: 1 });
    const one = (await next(backend.colleague)).body;
    const two = (await next(backend.colleague)).body;
    expect([one.member.id, one.campaign.id]).toEqual([first.id, sooner.id]);
    expect([two.member.id, two.campaign.id]).toEqual([second.id, later.id]);
    for (const member of [first, second]) await release(backend.colleague, member.id);
    for (const campaign of [sooner, later]) await stepOf(campaign, "finish");
  });

  it("stops serving a campaign once it is paused: the agent works under the list's filters again", async () => {
    const target = await servable();
    const campaign = await campaignFor(target, backend.colleague);
    expect((await stepOf(campaign, "pause")).status).toBe(200);
    const listed = await servable();
    const served = await next(backend.colleague, only(listed));
    expect(served.body.member.id).toBe(listed.id);
    expect(served.body.campaign).toBeNull();
    await release(backend.colleague, listed.id);
    expect((await stepOf(campaign, "resume")).status).toBe(200);
    expect((await next(backend.colleague, only(listed))).body.member.id).toBe(target.id);
    await release(backend.colleague, target.id);
    await stepOf(campaign, "finish");
  });

  it("does not serve a draft, a finished campaign, one outside its dates, or another agent's", async () => {
    const target = await servable();
    const listed = await servable();
    await campaignFor(target, backend.colleague, {}, false);
    await stepOf(await campaignFor(target, backend.colleague), "finish");
    await campaignFor(target, backend.colleague, { startsOn: "2000-01-01", endsOn: "2000-01-02" });
    await campaignFor(target, backend.staff);
    const served = await next(backend.colleague, only(listed));
    expect(served.body.member.id).toBe(listed.id);
    expect(served.body.campaign).toBeNull();
    await release(backend.colleague, listed.id);
  });
});

describe("a campaign's goal", () => {
  it("leaves out a member whose result reached the goal, and refuses Blank as a goal", async () => {
    let reached: any;
    for (let tries = 0; !reached && tries < 100; tries += 1) {
      const member = await members.freshMember({ result: "No answer", status: "New Patient" });
      if ((await counts(backend.staff, only(member))).body.eligible === 1) reached = member;
    }
    expect(reached).toBeDefined();
    const listed = await servable();
    const campaign = await campaignFor(reached, backend.colleague, { goalResult: "No answer" });
    const served = await next(backend.colleague, only(listed));
    expect(served.body).toMatchObject({ member: null, campaign: null });
    await stepOf(campaign, "finish");
    const withoutGoal = await campaignFor(reached, backend.colleague, { goalResult: "Appointment Made" });
    expect((await next(backend.colleague, only(listed))).body.member.id).toBe(reached.id);
    await release(backend.colleague, reached.id);
    await stepOf(withoutGoal, "finish");
    const blank = await backend.api.post("/campaigns", { token: backend.admin.token, body: { ...campaign, id: undefined, state: undefined, version: undefined, name: "Blank goal", goalResult: "" } });
    expect(blank.status).toBe(400);
    expect(blank.body.details.map((detail: any) => detail.field)).toEqual(["goalResult"]);
  });
});

describe("a campaign's own cooldowns", () => {
  /** A member the queue serves now whose latest result is No answer, and how many hours ago it was saved (by the server's clock). */
  async function restedAfterNoAnswer(): Promise<{ member: any; hoursAgo: number }> {
    const clock = await members.freshMember({ result: "" });
    const saved = await members.saveResult(clock, "Left message", backend.admin);
    expect(saved.status).toBe(201);
    const now = Date.parse(saved.body.createdAt);
    for (let tries = 0; tries < 100; tries += 1) {
      const member = await members.freshMember({ result: "No answer", status: "New Patient" });
      if ((await counts(backend.staff, only(member))).body.eligible !== 1) continue;
      const history = await backend.api.get("/Members/getResults/{params}", { token: backend.staff.token, path: { params: JSON.stringify(members.keyOf(member)) } });
      const latest = Date.parse(history.body[0].createdAt);
      const hoursAgo = (now - latest) / 3_600_000;
      if (hoursAgo >= 3 && hoursAgo < 700) return { member, hoursAgo };
    }
    throw new Error("no member rested after No answer in this world");
  }

  it("rests a member after No answer for the campaign's hours when they are longer than the queue's, and serves it once they are over", async () => {
    const { member, hoursAgo } = await restedAfterNoAnswer();
    const listed = await servable();
    const resting = await campaignFor(member, backend.colleague, { cooldownHours: { noAnswer: Math.ceil(hoursAgo) + 12, leftMessage: null } });
    const held = await next(backend.colleague, only(listed));
    expect(held.body).toMatchObject({ member: null, campaign: null });
    await stepOf(resting, "finish");
    const over = await campaignFor(member, backend.colleague, { cooldownHours: { noAnswer: Math.floor(hoursAgo) - 1, leftMessage: 720 } });
    const served = await next(backend.colleague, only(listed));
    expect(served.body.member.id).toBe(member.id);
    expect(served.body.campaign.id).toBe(over.id);
    await release(backend.colleague, member.id);
    await stepOf(over, "finish");
  });
});

describe("the campaign carried by the call and its result", () => {
  const startCall = (who: SignedIn, memberId: number) => backend.api.post("/Members/calls", { token: who.token, body: { memberId } });
  const listed = (query: Query) => backend.api.get("/Members/getMembersTableData", { token: backend.admin.token, query: { pageNum: 1, ...query } });

  it("names the campaign on the call start and the saved result of a member served for it, and the members list finds it by campaign and result", async () => {
    const target = await servable();
    const campaign = await campaignFor(target, backend.colleague);
    expect((await listed({ campaign: campaign.id })).body.total_count).toBe(0);
    const served = await next(backend.colleague);
    expect(served.body.member.id).toBe(target.id);
    const started = await startCall(backend.colleague, target.id);
    expect(started.status).toBe(201);
    expect(started.body.campaignId).toBe(campaign.id);
    const saved = await members.saveResult(target, "Appointment Made", backend.colleague);
    expect(saved.status).toBe(201);
    expect(saved.body.campaignId).toBe(campaign.id);
    const worked = await listed({ campaign: campaign.id });
    expect(worked.body.members.map((member: any) => member.id)).toEqual([target.id]);
    expect(worked.body.total_count).toBe(1);
    expect((await listed({ campaign: campaign.id, result: "Appointment Made" })).body.total_count).toBe(1);
    expect((await listed({ campaign: campaign.id, result: "No answer" })).body.total_count).toBe(0);
    await stepOf(campaign, "finish");
  });

  it("names no campaign for a member worked outside one, and answers 400 naming campaign for a campaign there is not", async () => {
    const member = await servable();
    const started = await startCall(backend.staff, member.id);
    expect(started.body.campaignId).toBeNull();
    const saved = await members.saveResult(member, "No answer", backend.staff);
    expect(saved.body.campaignId).toBeNull();
    const unknown = await listed({ campaign: 2_000_000 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details.map((detail: any) => detail.field)).toEqual(["campaign"]);
    const exported = await backend.api.get("/Members/export", { token: backend.admin.token, query: { campaign: 2_000_000 } });
    expect(exported.status).toBe(400);
  });
});
