// A campaign's progress: the members its agents called, reached and gave its goal result by the
// results saved in it, by agent, the callbacks booked after them, the pace against its goal, and
// the kept counts of its targets; its days for the chart and their CSV; each caller reads the
// campaigns they may read (administrators every one, agents their own).
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { fieldsOf, useBackend, type SignedIn } from "./fixtures";
import { worklist } from "./worklist";
import { campaignSetup, only } from "./campaignSetup";

const backend = useBackend();
const members = worklist(backend);
const { servable, campaignFor, step } = campaignSetup(backend, members, "Progress");

// Both backends' clocks start at the demo's reference date, Monday 16 November 2026, 9:00 in Chicago.
const TODAY = "2026-11-16";
const TOMORROW_10 = "2026-11-17T16:00:00.000Z";

const person = (who: SignedIn) => ({ userId: who.user.id, firstname: who.user.firstname, lastname: who.user.lastname });
const csvOf = (text: string) => Papa.parse<string[]>(text.replace(/\r\n$/, ""), { newline: "\r\n" }).data;

const progress = async (who: SignedIn) => {
  const answer = await backend.api.get("/campaign-progress", { token: who.token });
  expect(answer.status).toBe(200);
  return answer.body as any[];
};
const progressOf = async (campaign: any, who: SignedIn = backend.admin) => (await progress(who)).find((row) => row.campaignId === campaign.id);
const days = (campaign: any, who: SignedIn | null = backend.admin) => backend.api.get("/campaign-progress/{id}/days", { token: who?.token ?? null, path: { id: campaign.id } });
const exported = (campaign: any, who: SignedIn | null = backend.admin) => backend.api.get("/campaign-progress/{id}/days/export", { token: who?.token ?? null, path: { id: campaign.id } });

const pause = (campaign: any) => step(campaign, "pause");

/** The agent takes the campaign's member with Next and saves `result` for it. */
async function work(campaign: any, agent: SignedIn, member: any, result: string) {
  const served = await backend.api.post("/queue/next", { token: agent.token, query: {} });
  expect(served.body).toMatchObject({ member: { id: member.id }, campaign: { id: campaign.id } });
  const saved = await members.saveResult(member, result, agent);
  expect(saved.status).toBe(201);
  expect(saved.body.campaignId).toBe(campaign.id);
}

describe("GET /campaign-progress", () => {
  it("counts what the results saved in the campaign did, by agent, with the callbacks booked after them", async () => {
    const member = await servable();
    const campaign = await campaignFor(member, backend.colleague);
    const before = await progressOf(campaign);
    expect(before).toEqual({
      campaignId: campaign.id,
      targeted: 1,
      eligibleNow: 1,
      called: 0,
      reached: 0,
      appointments: 0,
      callbacksOpen: 0,
      attemptsPerMember: 0,
      goal: null,
      byAgent: [],
      countedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    await work(campaign, backend.colleague, member, "Contact Made Call Back");
    const booked = await backend.api.post("/callbacks", { token: backend.colleague.token, body: { memberId: member.id, dueAt: TOMORROW_10 } });
    expect(booked.status).toBe(201);
    const after = await progressOf(campaign);
    expect(after).toMatchObject({ called: 1, reached: 1, appointments: 0, callbacksOpen: 1, attemptsPerMember: 1 });
    expect(after.byAgent).toEqual([{ ...person(backend.colleague), called: 1, reached: 1, appointments: 0 }]);
    // The targets' counts are kept: the member the agent just worked still counts as eligible until they are counted again.
    expect(after).toMatchObject({ targeted: 1, eligibleNow: 1, countedAt: before.countedAt });
    await pause(campaign);
  });

  it("counts a member not reached, and the goal's result as appointments with the pace against the goal", async () => {
    const unreached = await servable();
    const first = await campaignFor(unreached, backend.colleague);
    await work(first, backend.colleague, unreached, "No answer");
    expect(await progressOf(first)).toMatchObject({ called: 1, reached: 0, appointments: 0, attemptsPerMember: 1 });
    await pause(first);

    const booked = await servable();
    const goal = { goalResult: "Appointment Made", goalCount: 10, goalBy: "2026-11-20" };
    const second = await campaignFor(booked, backend.colleague, goal);
    await work(second, backend.colleague, booked, "Appointment Made");
    // Today the 16th: 9 still needed over the 5 days left (16th to 20th) is 2 a day; 1 in the 3 days since the 14th is 0.3.
    expect(await progressOf(second)).toMatchObject({
      called: 1,
      reached: 1,
      appointments: 1,
      goal: { count: 10, by: "2026-11-20", reached: 1, daysLeft: 5, perDayNeeded: 2, perDayDoing: 0.3 },
      byAgent: [{ ...person(backend.colleague), called: 1, reached: 1, appointments: 1 }],
    });
    await pause(second);
  });

  it("counts the targets again when the campaign's targets change", async () => {
    const member = await servable();
    const campaign = await campaignFor(member, backend.colleague);
    expect(await progressOf(campaign)).toMatchObject({ targeted: 1, eligibleNow: 1 });
    const { id: _id, state: _state, ...fields } = campaign;
    const changed = await backend.api.put("/campaigns/{id}", { token: backend.admin.token, path: { id: campaign.id }, body: { ...fields, targets: { ...only(member), search: "Zzyzx Nobodyhasthisname" } } });
    expect(changed.status).toBe(200);
    expect(await progressOf(campaign)).toMatchObject({ targeted: 0, eligibleNow: 0 });
    await pause(campaign);
  });

  it("shows other staff only the campaigns they are assigned to, in the order of the campaigns list, and refuses a missing session", async () => {
    const member = await servable();
    const theirs = await campaignFor(member, backend.colleague, { position: 3 });
    const listed = (await backend.api.get("/campaigns", { token: backend.colleague.token })).body.map((campaign: any) => campaign.id);
    expect((await progress(backend.colleague)).map((row) => row.campaignId)).toEqual(listed);
    expect((await progress(backend.staff)).map((row) => row.campaignId)).not.toContain(theirs.id);
    const every = (await backend.api.get("/campaigns", { token: backend.admin.token })).body.map((campaign: any) => campaign.id);
    expect((await progress(backend.admin)).map((row) => row.campaignId)).toEqual(every);
    expect((await backend.api.get("/campaign-progress", {})).status).toBe(401);
    await pause(theirs);
  });
});

describe("the members list narrowed to the members a figure counts (campaignFigure)", () => {
  type Figure = "called" | "reached" | "appointments";
  const listed = (query: Record<string, unknown>) => backend.api.get("/Members/getMembersTableData", { token: backend.admin.token, query: { pageNum: 1, ...query } as any });
  const idsOf = async (campaign: any, campaignFigure?: Figure) => {
    const answer = await listed({ campaign: campaign.id, ...(campaignFigure ? { campaignFigure } : {}) });
    expect(answer.status).toBe(200);
    expect(answer.body.total_count).toBe(answer.body.members.length);
    return answer.body.members.map((member: any) => member.id);
  };
  /** Each figure of the campaign's progress is the number of members its drill-down lists. */
  async function expectDrillDownsMatch(campaign: any, expected: Record<Figure, number[]>) {
    const row = await progressOf(campaign);
    for (const figure of ["called", "reached", "appointments"] as const) {
      expect(await idsOf(campaign, figure), figure).toEqual(expected[figure]);
      expect(row[figure], figure).toBe(expected[figure].length);
    }
  }

  it("lists the members called, and of them only those reached: not one whose result reached nobody", async () => {
    const member = await servable();
    const campaign = await campaignFor(member, backend.colleague);
    await work(campaign, backend.colleague, member, "No answer");
    await expectDrillDownsMatch(campaign, { called: [member.id], reached: [], appointments: [] });
    expect(await idsOf(campaign)).toEqual([member.id]);
    await pause(campaign);
  });

  it("keeps a member given the appointment in the campaign among its appointments after a later result outside it", async () => {
    const member = await servable();
    const campaign = await campaignFor(member, backend.colleague);
    await work(campaign, backend.colleague, member, "Appointment Made");
    const later = await members.saveResult(member, "Contact Made Not Interested", backend.staff);
    expect(later.body.campaignId).toBeNull();
    await expectDrillDownsMatch(campaign, { called: [member.id], reached: [member.id], appointments: [member.id] });
    // The member's result now is no longer the appointment's: the list by result alone misses it.
    expect((await listed({ campaign: campaign.id, result: "Appointment Made" })).body.total_count).toBe(0);
    await pause(campaign);
  });

  it("counts the goal's result as the appointments", async () => {
    const member = await servable();
    const campaign = await campaignFor(member, backend.colleague, { goalResult: "Confirm", goalCount: 5, goalBy: "2026-11-30" });
    await work(campaign, backend.colleague, member, "Appointment Made");
    await expectDrillDownsMatch(campaign, { called: [member.id], reached: [member.id], appointments: [] });
    await pause(campaign);
  });

  it("exports the same members as the list", async () => {
    const member = await servable();
    const campaign = await campaignFor(member, backend.colleague);
    await work(campaign, backend.colleague, member, "Transfer");
    for (const [campaignFigure, rows] of [["reached", 1], ["appointments", 0]] as const) {
      const csv = await backend.api.get("/Members/export", { token: backend.admin.token, query: { campaign: campaign.id, campaignFigure } });
      expect(csv.status).toBe(200);
      expect(csv.headers.get("x-row-count")).toBe(String(rows));
    }
    await pause(campaign);
  });

  it("answers 400 naming campaignFigure without a campaign or for a figure there is not, naming campaign for a campaign there is not", async () => {
    for (const call of ["/Members/getMembersTableData", "/Members/export"] as const) {
      const alone = await backend.api.get(call, { token: backend.admin.token, query: { pageNum: 1, campaignFigure: "reached" } as any });
      expect(alone.status).toBe(400);
      expect(fieldsOf(alone.body)).toEqual(["campaignFigure"]);
      const unknownFigure = await backend.api.get(call, { token: backend.admin.token, query: { pageNum: 1, campaign: 1, campaignFigure: "booked" } as any });
      expect(unknownFigure.status).toBe(400);
      expect(fieldsOf(unknownFigure.body)).toEqual(["campaignFigure"]);
      const unknownCampaign = await backend.api.get(call, { token: backend.admin.token, query: { pageNum: 1, campaign: 2_000_000, campaignFigure: "reached" } as any });
      expect(unknownCampaign.status).toBe(400);
      expect(fieldsOf(unknownCampaign.body)).toEqual(["campaign"]);
    }
  });
});

describe("the members list narrowed to an agent's saves in a campaign (campaignAgent)", () => {
  const listed = (call: "/Members/getMembersTableData" | "/Members/export", query: Record<string, unknown>) => backend.api.get(call, { token: backend.admin.token, query: { pageNum: 1, ...query } as any });
  const idsOf = async (query: Record<string, unknown>) => {
    const answer = await listed("/Members/getMembersTableData", query);
    expect(answer.status).toBe(200);
    return answer.body.members.map((member: any) => member.id);
  };

  it("lists the members the agent saved a result for in the campaign, each figure of the agent's row, and no other agent's", async () => {
    const member = await servable();
    const campaign = await campaignFor(member, backend.colleague, { agents: [backend.colleague.user.id, backend.staff.user.id] });
    await work(campaign, backend.colleague, member, "Transfer");
    const row = await progressOf(campaign);
    expect(row.byAgent).toEqual([{ ...person(backend.colleague), called: 1, reached: 1, appointments: 0 }]);
    const colleague = { campaign: campaign.id, campaignAgent: backend.colleague.user.id };
    expect(await idsOf(colleague)).toEqual([member.id]);
    expect(await idsOf({ ...colleague, campaignFigure: "reached" })).toEqual([member.id]);
    expect(await idsOf({ ...colleague, campaignFigure: "appointments" })).toEqual([]);
    // Assigned to the campaign too, but saved nothing in it.
    expect(await idsOf({ campaign: campaign.id, campaignAgent: backend.staff.user.id })).toEqual([]);
    const csv = await listed("/Members/export", colleague);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("x-row-count")).toBe("1");
    await pause(campaign);
  });

  it("answers 400 naming campaignAgent without a campaign or for an id that is no staff member", async () => {
    for (const call of ["/Members/getMembersTableData", "/Members/export"] as const) {
      const alone = await listed(call, { campaignAgent: backend.colleague.user.id });
      expect(alone.status).toBe(400);
      expect(fieldsOf(alone.body)).toEqual(["campaignAgent"]);
      const nobody = await listed(call, { campaign: 1, campaignAgent: 2_000_000 });
      expect(nobody.status).toBe(400);
      expect(fieldsOf(nobody.body)).toContain("campaignAgent");
    }
  });
});

describe("GET /campaign-progress/{id}/days and its export", () => {
  it("gives every day from the start to today, zeros included, and the same rows as CSV", async () => {
    const member = await servable();
    const campaign = await campaignFor(member, backend.colleague);
    await work(campaign, backend.colleague, member, "Appointment Made");
    const { status, body } = await days(campaign);
    expect(status).toBe(200);
    expect(body).toEqual([
      { day: "2026-11-14", called: 0, reached: 0, appointments: 0, callbacks: 0 },
      { day: "2026-11-15", called: 0, reached: 0, appointments: 0, callbacks: 0 },
      { day: TODAY, called: 1, reached: 1, appointments: 1, callbacks: 0 },
    ]);
    expect((await days(campaign, backend.colleague)).body).toEqual(body);

    const csv = await exported(campaign, backend.colleague);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-disposition")).toBe(`attachment; filename="Campaign-${campaign.name}-${TODAY}.csv"`);
    expect(csv.headers.get("x-row-count")).toBe("3");
    expect(csvOf(csv.body)).toEqual([
      ["Day", "Called", "Reached", "Appointments", "Callbacks"],
      ["2026-11-14", "0", "0", "0", "0"],
      ["2026-11-15", "0", "0", "0", "0"],
      [TODAY, "1", "1", "1", "0"],
    ]);
    await pause(campaign);
  });

  it("gives no day before the campaign starts", async () => {
    const member = await servable();
    const campaign = await campaignFor(member, backend.colleague, { startsOn: "2026-11-20" });
    expect((await days(campaign)).body).toEqual([]);
    expect(csvOf((await exported(campaign)).body)).toEqual([["Day", "Called", "Reached", "Appointments", "Callbacks"]]);
    await pause(campaign);
  });

  it("answers 404 for a campaign the caller may not read or that does not exist, 400 for an id that is none, 401 without a session", async () => {
    const member = await servable();
    const campaign = await campaignFor(member, backend.colleague);
    for (const call of [days, exported]) {
      expect((await call(campaign, backend.staff)).status).toBe(404);
      expect((await call({ id: 999_999 })).status).toBe(404);
      expect((await call({ id: 0 })).status).toBe(400);
      expect((await call(campaign, null)).status).toBe(401);
    }
    await pause(campaign);
  });
});
