// Campaigns: administrators create, change, clone, pause, resume and finish them; a name is one
// campaign's (409 naming name), a change saved by another administrator first is never overwritten
// (409 naming version), dates and hours are checked (400 naming the field) and nothing is written
// when refused; other staff read only the campaigns they are assigned to.
import { describe, expect, it } from "vitest";
import { fieldsOf, useBackend } from "./fixtures";

const backend = useBackend();

let run = 0;
const campaignInput = (overrides: Record<string, unknown> = {}) => ({
  name: `MCNA recare Houston ${(run += 1)}`,
  description: "Members overdue for recare",
  script: "Hello, this is Smile Magic.\nWe are calling about your checkup.",
  targets: { company: "mcna", region: "SMD", status: "Recare No Future Appointment" },
  agents: [backend.staff.user.id],
  startsOn: "2026-12-01",
  endsOn: "2026-12-04",
  hours: { from: "09:00", to: "17:00" },
  goalResult: "Appointment Made",
  goalCount: 40,
  goalBy: "2026-12-04",
  attemptCap: 3,
  cooldownHours: { noAnswer: 24, leftMessage: null },
  position: 1,
  ...overrides,
});

const list = async (token = backend.admin.token) => {
  const answer = await backend.api.get("/campaigns", { token });
  expect(answer.status).toBe(200);
  return answer.body as any[];
};
const create = (body: unknown, token = backend.admin.token) => backend.api.post("/campaigns", { token, body });
const update = (id: number, body: unknown, token = backend.admin.token) => backend.api.put("/campaigns/{id}", { token, path: { id }, body });
const step = (id: number, name: string, token = backend.admin.token) => backend.api.post("/campaigns/{id}/{step}", { token, path: { id, step: name } });
const clone = (id: number, name: string, token = backend.admin.token) => backend.api.post("/campaigns/{id}/clone", { token, path: { id }, body: { name } });

describe("POST /campaigns", () => {
  it("creates a draft, with its script's line breaks, that every administrator lists", async () => {
    const input = campaignInput();
    const { status, body } = await create(input);
    expect(status).toBe(201);
    expect(body).toEqual({ ...input, id: expect.any(Number), state: "draft", version: 1 });
    expect(await list()).toContainEqual(body);
  });

  it("answers 409 naming name for a name in use, in any case, and adds nothing", async () => {
    const first = (await create(campaignInput())).body;
    const before = await list();
    const { status, body } = await create(campaignInput({ name: ` ${first.name.toUpperCase()} ` }));
    expect(status).toBe(409);
    expect(body.message).toBe(`There is already a campaign named ${first.name}`);
    expect(fieldsOf(body)).toEqual(["name"]);
    expect(await list()).toEqual(before);
  });

  it("answers 400 naming endsOn and hours for dates ending before they start and hours outside the calling window", async () => {
    const before = await list();
    const { status, body } = await create(campaignInput({ startsOn: "2026-12-05", endsOn: "2026-12-04", goalBy: "2026-12-05", hours: { from: "07:00", to: "12:00" } }));
    expect(status).toBe(400);
    expect(fieldsOf(body).sort()).toEqual(["endsOn", "hours"]);
    const late = await create(campaignInput({ hours: { from: "18:00", to: "21:30" } }));
    expect(fieldsOf(late.body)).toEqual(["hours"]);
    expect(await list()).toEqual(before);
  });

  it("takes a request without a goal count or cooldowns as having none", async () => {
    const { goalCount: _count, goalBy: _by, cooldownHours: _cooldowns, ...older } = campaignInput();
    const { status, body } = await create(older);
    expect(status).toBe(201);
    expect(body).toMatchObject({ goalCount: null, goalBy: null, cooldownHours: { noAnswer: null, leftMessage: null } });
  });

  it("answers 400 naming goalBy and goalCount for a goal count without its day or result, and adds nothing", async () => {
    const before = await list();
    const noDay = await create(campaignInput({ goalBy: null }));
    expect(noDay.status).toBe(400);
    expect(fieldsOf(noDay.body)).toEqual(["goalBy"]);
    const early = await create(campaignInput({ goalBy: "2026-11-30" }));
    expect(fieldsOf(early.body)).toEqual(["goalBy"]);
    const noResult = await create(campaignInput({ goalResult: null }));
    expect(fieldsOf(noResult.body)).toEqual(["goalCount"]);
    const badCooldown = await create(campaignInput({ cooldownHours: { noAnswer: 0, leftMessage: null } }));
    expect(badCooldown.status).toBe(400);
    expect(fieldsOf(badCooldown.body)[0]).toMatch(/^cooldownHours/);
    expect(await list()).toEqual(before);
  });

  it("answers 400 naming agents for an account that is not staff, and what breaks the contract", async () => {
    const unknown = await create(campaignInput({ agents: [999_999] }));
    expect(unknown.status).toBe(400);
    expect(fieldsOf(unknown.body)).toEqual(["agents"]);
    const invalid = await create(campaignInput({ name: "", startsOn: "tomorrow", targets: { company: "aetna" }, attemptCap: 0 }));
    expect(invalid.status).toBe(400);
    expect(fieldsOf(invalid.body)).toEqual(expect.arrayContaining(["name", "startsOn", "attemptCap"]));
  });

  it("answers 403 to other staff and writes nothing", async () => {
    const input = campaignInput();
    expect((await create(input, backend.staff.token)).status).toBe(403);
    expect((await list()).some((campaign) => campaign.name === input.name)).toBe(false);
  });
});

describe("GET /campaigns", () => {
  it("shows other staff only the campaigns they are assigned to, in the supervisor's order", async () => {
    const later = (await create(campaignInput({ position: 9, agents: [backend.colleague.user.id, backend.staff.user.id] }))).body;
    const sooner = (await create(campaignInput({ position: 0, agents: [backend.colleague.user.id] }))).body;
    const notTheirs = (await create(campaignInput({ agents: [backend.staff.user.id] }))).body;
    const theirs = (await list(backend.colleague.token)).map((campaign) => campaign.id);
    expect(theirs).toEqual([sooner.id, later.id]);
    expect(theirs).not.toContain(notTheirs.id);
    expect((await list()).map((campaign) => campaign.id)).toEqual(expect.arrayContaining([sooner.id, later.id, notTheirs.id]));
  });
});

describe("PUT /campaigns/{id}", () => {
  it("changes a campaign on the version seen and moves the version", async () => {
    const campaign = (await create(campaignInput())).body;
    const changed = { ...campaignInput(), agents: [backend.colleague.user.id], hours: null, goalResult: null, goalCount: null, goalBy: null, attemptCap: null, cooldownHours: { noAnswer: null, leftMessage: 72 }, version: 1 };
    const { status, body } = await update(campaign.id, changed);
    expect(status).toBe(200);
    const { version: _version, ...fields } = changed;
    expect(body).toEqual({ ...fields, id: campaign.id, state: "draft", version: 2 });
    expect((await list()).find((c) => c.id === campaign.id)).toEqual(body);
  });

  it("answers 409 naming version when another administrator saved first, and keeps their change", async () => {
    const campaign = (await create(campaignInput())).body;
    const { id: _id, state: _state, ...seen } = campaign;
    const first = await update(campaign.id, { ...seen, description: "First administrator's" });
    expect(first.status).toBe(200);
    const second = await update(campaign.id, { ...seen, description: "Second administrator's" });
    expect(second.status).toBe(409);
    expect(fieldsOf(second.body)).toEqual(["version"]);
    expect(second.body.message).toBe(`${backend.admin.user.firstname} ${backend.admin.user.lastname} saved a change to this campaign first: read it again before changing it`);
    expect((await list()).find((c) => c.id === campaign.id).description).toBe("First administrator's");
  });

  it("answers 409 naming name for another campaign's name, 404 for none, 400 for bad dates", async () => {
    const one = (await create(campaignInput())).body;
    const other = (await create(campaignInput())).body;
    const { id: _id, state: _state, ...seen } = other;
    const taken = await update(other.id, { ...seen, name: one.name });
    expect(taken.status).toBe(409);
    expect(fieldsOf(taken.body)).toEqual(["name"]);
    expect((await update(2_000_000, { ...seen })).status).toBe(404);
    expect(fieldsOf((await update(other.id, { ...seen, endsOn: "2026-11-01" })).body)).toEqual(["endsOn"]);
    expect((await list()).find((c) => c.id === other.id)).toEqual(other);
  });
});

describe("POST /campaigns/{id}/{step}", () => {
  it("starts a draft, pauses, resumes and finishes it, each a new version", async () => {
    const campaign = (await create(campaignInput())).body;
    expect((await step(campaign.id, "resume")).body).toMatchObject({ state: "active", version: 2 });
    expect((await step(campaign.id, "pause")).body).toMatchObject({ state: "paused", version: 3 });
    expect((await step(campaign.id, "resume")).body).toMatchObject({ state: "active", version: 4 });
    expect((await step(campaign.id, "finish")).body).toMatchObject({ state: "finished", version: 5 });
  });

  it("answers 409 naming state for a step the state does not allow, and a finished campaign is not changed", async () => {
    const campaign = (await create(campaignInput())).body;
    const refused = await step(campaign.id, "pause");
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("A draft campaign cannot be paused");
    expect(fieldsOf(refused.body)).toEqual(["state"]);
    const finished = (await step(campaign.id, "finish")).body;
    expect((await step(campaign.id, "resume")).status).toBe(409);
    const { id: _id, state: _state, ...seen } = finished;
    const edit = await update(campaign.id, { ...seen, description: "too late" });
    expect(edit.status).toBe(409);
    expect(fieldsOf(edit.body)).toEqual(["state"]);
  });

  it("answers 400 for a step there is not, 404 for no campaign, 403 to other staff", async () => {
    const campaign = (await create(campaignInput())).body;
    expect((await step(campaign.id, "restart")).status).toBe(400);
    expect((await step(2_000_000, "pause")).status).toBe(404);
    expect((await step(campaign.id, "resume", backend.staff.token)).status).toBe(403);
    expect((await list()).find((c) => c.id === campaign.id).state).toBe("draft");
  });
});

describe("POST /campaigns/{id}/clone", () => {
  it("copies everything but the name into a new draft", async () => {
    const campaign = (await create(campaignInput())).body;
    await step(campaign.id, "resume");
    const { status, body } = await clone(campaign.id, "Copy for next week");
    expect(status).toBe(201);
    const { id: _id, name: _name, state: _state, version: _version, ...rest } = campaign;
    expect(body).toEqual({ ...rest, id: expect.any(Number), name: "Copy for next week", state: "draft", version: 1 });
    expect(body.id).not.toBe(campaign.id);
  });

  it("answers 409 naming name for a name in use, 404 for no campaign", async () => {
    const campaign = (await create(campaignInput())).body;
    const taken = await clone(campaign.id, campaign.name.toLowerCase());
    expect(taken.status).toBe(409);
    expect(fieldsOf(taken.body)).toEqual(["name"]);
    expect((await clone(2_000_000, "Nothing")).status).toBe(404);
  });
});

describe("refusals", () => {
  it("answers 401 without a session, 403 to other staff and 400 naming what breaks the contract on every campaign call", async () => {
    const campaign = (await create(campaignInput())).body;
    const { id: _id, state: _state, ...seen } = campaign;
    expect((await backend.api.get("/campaigns", {})).status).toBe(401);
    expect((await backend.api.post("/campaigns", { body: campaignInput() })).status).toBe(401);
    expect((await backend.api.put("/campaigns/{id}", { path: { id: campaign.id }, body: seen })).status).toBe(401);
    expect((await backend.api.post("/campaigns/{id}/clone", { path: { id: campaign.id }, body: { name: "Copy" } })).status).toBe(401);
    expect((await backend.api.post("/campaigns/{id}/{step}", { path: { id: campaign.id, step: "resume" } })).status).toBe(401);
    expect((await update(campaign.id, { ...seen, description: "staff" }, backend.staff.token)).status).toBe(403);
    expect((await clone(campaign.id, "Staff copy", backend.staff.token)).status).toBe(403);
    const noVersion = await update(campaign.id, { ...seen, version: undefined });
    expect(noVersion.status).toBe(400);
    expect(fieldsOf(noVersion.body)).toEqual(["version"]);
    const blankName = await clone(campaign.id, " ");
    expect(blankName.status).toBe(400);
    expect(fieldsOf(blankName.body)).toEqual(["name"]);
    expect((await list()).filter((c) => c.name === "Staff copy" || c.name === "Copy")).toEqual([]);
    expect((await list()).find((c) => c.id === campaign.id)).toEqual(campaign);
  });
});

describe("a disabled agent", () => {
  it("is removed from the campaigns they were assigned to, each a new version", async () => {
    const accounts = (await backend.api.get("/auth/dev/accounts")).body as { email: string; isAdmin: boolean }[];
    const spare = accounts.filter((account) => !account.isAdmin).at(-1)!;
    const agent = await backend.signIn(spare.email);
    expect([backend.staff.user.id, backend.colleague.user.id]).not.toContain(agent.user.id);
    const campaign = (await create(campaignInput({ agents: [agent.user.id, backend.staff.user.id] }))).body;
    expect((await backend.api.post("/staff/{id}/disable", { token: backend.admin.token, path: { id: agent.user.id } })).status).toBe(200);
    expect((await list()).find((c) => c.id === campaign.id)).toMatchObject({ agents: [backend.staff.user.id], version: 2 });
    const { id: _id, state: _state, ...seen } = campaign;
    expect(fieldsOf((await update(campaign.id, { ...seen, description: "unaware" })).body)).toEqual(["agents"]);
    const stale = await update(campaign.id, { ...seen, agents: [backend.staff.user.id], description: "unaware" });
    expect(stale.status).toBe(409);
    expect(fieldsOf(stale.body)).toEqual(["version"]);
  });
});
