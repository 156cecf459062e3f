// The work queue: Next serves the caller the top eligible member under the list's filters, claimed
// for them, never the same member to two agents; a member the rules hold back is never served and
// is counted under its first reason; the queue's counts explain an empty queue; administrators
// reset attempts.
import { describe, expect, it } from "vitest";
import { fieldsOf, useBackend, type SignedIn } from "./fixtures";
import { worklist } from "./worklist";

const backend = useBackend();
const members = worklist(backend);
type Query = Record<string, string | number | undefined>;

const next = (who: SignedIn | null, query: Query = {}) => backend.api.post("/queue/next", { token: who?.token ?? null, query });
const counts = (who: SignedIn | null, query: Query = {}) => backend.api.get("/queue/counts", { token: who?.token ?? null, query });
/** The list's filter that finds exactly this member (its practice and subscriber id). */
const only = (member: any): Query => ({ practice: String(member.practiceId), search: member.Subscriber_ID });
const heldBack = (body: any) => Object.entries(body.notEligible as Record<string, number>).filter(([, n]) => n > 0);

/** A member the queue serves now, no other case of the file touches: no result that holds it, nothing waiting. */
async function servable(): Promise<any> {
  for (;;) {
    const member = await members.freshMember({ result: "", status: "New Patient" });
    if ((await counts(backend.staff, only(member))).body.eligible === 1) return member;
  }
}

describe("POST /queue/next", () => {
  it("serves a member, claimed for the caller, with why it was chosen", async () => {
    const { status, body } = await next(backend.staff);
    expect(status).toBe(200);
    expect(body.queue).toBeNull();
    const member = body.member;
    expect(member.claim.by.id).toBe(backend.staff.user.id);
    expect(body.why).toMatchObject({ group: expect.stringMatching(/^(yourCallback|overdueCallback|queue)$/), attempts: member.attempts });
    expect((await members.listed(member, backend.colleague))?.claim).toEqual(member.claim);
    const theirs = await backend.api.post("/Members/claims", { token: backend.colleague.token, body: { memberId: member.id } });
    expect(theirs.status).toBe(409);
  });

  it("serves the next member when asked again: one being worked is never served", async () => {
    const first = (await next(backend.staff)).body.member;
    const second = (await next(backend.staff)).body.member;
    expect(second.id).not.toBe(first.id);
    const theirs = (await next(backend.colleague)).body.member;
    expect([first.id, second.id]).not.toContain(theirs.id);
  });

  it("never serves two agents asking at the same moment the same member", async () => {
    const [mine, theirs] = await Promise.all([next(backend.staff), next(backend.colleague)]);
    expect(mine.status).toBe(200);
    expect(theirs.status).toBe(200);
    expect(mine.body.member.id).not.toBe(theirs.body.member.id);
  });

  it("serves twenty agents pressing Next at once twenty different members", async () => {
    const accounts = (await backend.api.get("/auth/dev/accounts")).body as { email: string }[];
    const agents = await Promise.all(Array.from({ length: 20 }, (_, index) => backend.signIn(accounts[index % accounts.length]!.email)));
    const served = await Promise.all(agents.map((agent) => next(agent)));
    expect(served.map((answer) => answer.status)).toEqual(agents.map(() => 200));
    // An agent answered that nobody can be served: the failure shows the queue counts of the answer.
    expect(served.filter((answer) => answer.body.member === null).map((answer) => answer.body)).toEqual([]);
    const ids = served.map((answer) => answer.body.member.id);
    expect(new Set(ids).size).toBe(20);
  });

  it("serves under the list's filters, by its order within them", async () => {
    const member = await servable();
    const { body } = await next(backend.staff, only(member));
    expect(body.member.id).toBe(member.id);
    expect(body.why).toMatchObject({ group: "queue", attempts: 0, lastResult: null });
    const practice = await next(backend.staff, { practice: "3", status: "New Patient" });
    expect(practice.body.member).toMatchObject({ practiceId: 3, Status: "New Patient" });
  });

  it("answers 200 with the queue's counts when nobody under the filters is eligible, or nobody matches", async () => {
    const nobody = await next(backend.staff, { search: "Zzyzx Qwerty" });
    expect(nobody.status).toBe(200);
    expect(nobody.body).toMatchObject({ member: null, why: null, queue: { eligible: 0, nextWindowOpensAt: null, nextCooldownEndsAt: null } });
    expect(heldBack(nobody.body.queue)).toEqual([]);
  });

  it("never serves a do-not-call member, an appointment made, a dropped or duplicate member", async () => {
    for (const [query, reason] of [
      [{ result: "DNC- Moved" }, "doNotCall"],
      [{ result: "CM-DNC- Other Dentist" }, "doNotCall"],
      [{ result: "Appointment Made" }, "appointmentMade"],
      [{ status: "Dropped Patient", result: "" }, "droppedOrDuplicate"],
      [{ status: "Duplicate SubID", result: "" }, "droppedOrDuplicate"],
    ] as const) {
      const { body } = await next(backend.staff, { ...query, practice: "1,2,3,4,5" });
      expect(body.member, JSON.stringify(query)).toBeNull();
      expect(body.queue.eligible).toBe(0);
      expect(heldBack(body.queue).map(([name]) => name)).toEqual([reason]);
    }
  });

  it("holds a member attempted today until its next local day, and counts it there", async () => {
    const member = await servable();
    expect((await members.saveResult(member, "No answer", backend.colleague)).status).toBe(201);
    const { body } = await next(backend.staff, only(member));
    expect(body.member).toBeNull();
    expect(heldBack(body.queue)).toEqual([["attemptedToday", 1]]);
    expect(Date.parse(body.queue.nextCooldownEndsAt)).toBeGreaterThan(Date.now() - 365 * 86_400_000);
    expect((await members.listed(member)).attempts).toBe(member.attempts + 1);
  });

  it("answers 400 naming a filter that is not one, and 401 without a session", async () => {
    const refused = await next(backend.staff, { status: "Sleeping" });
    expect(refused.status).toBe(400);
    expect(fieldsOf(refused.body)).toEqual(["status"]);
    expect((await next(null)).status).toBe(401);
  });
});

describe("GET /queue/counts", () => {
  it("counts every member under the filters once, eligible or under its first reason", async () => {
    const filters = { practice: "2" };
    const { status, body } = await counts(backend.staff, filters);
    expect(status).toBe(200);
    const total = (await backend.api.get("/Members/getMembersTableData", { token: backend.staff.token, query: { ...filters, pageSize: 15 } })).body.total_count;
    const held = Object.values(body.notEligible as Record<string, number>).reduce((sum, n) => sum + n, 0);
    expect(body.eligible + held).toBe(total);
    expect(body.eligible).toBeGreaterThan(0);
  });

  it("counts a region's members alike however the filters that keep all of them are written", async () => {
    const byRegion = (await counts(backend.staff, { region: "FSD" })).body;
    const withEveryBrand = (await counts(backend.staff, { region: "FSD", company: "denta,mcna,uhc,tmhp" })).body;
    expect(withEveryBrand).toEqual(byRegion);
    expect(byRegion.eligible).toBeGreaterThan(0);
  });

  it("counts a member someone is working as claimed", async () => {
    const member = await servable();
    await backend.api.post("/Members/claims", { token: backend.colleague.token, body: { memberId: member.id } });
    expect(heldBack((await counts(backend.staff, only(member))).body)).toEqual([["claimed", 1]]);
    await backend.target.expireClaim(member.id);
    expect((await counts(backend.staff, only(member))).body.eligible).toBe(1);
  });

  it("answers 400 naming a filter that is not one, and 401 without a session", async () => {
    const refused = await counts(backend.staff, { practice: "first" });
    expect(refused.status).toBe(400);
    expect(fieldsOf(refused.body)).toEqual(["practice"]);
    expect((await counts(null)).status).toBe(401);
  });
});

describe("POST /queue/attempts/reset", () => {
  const reset = (memberId: unknown, who: SignedIn | null) => backend.api.post("/queue/attempts/reset", { token: who?.token ?? null, body: { memberId } });

  it("lets an administrator count a member's attempts from zero again: the day's attempt no longer holds it", async () => {
    const member = await servable();
    await members.saveResult(member, "Broken", backend.colleague);
    expect(heldBack((await counts(backend.staff, only(member))).body)).toEqual([["attemptedToday", 1]]);
    const { status, body } = await reset(member.id, backend.admin);
    expect(status).toBe(200);
    expect(body).toEqual({ memberId: member.id, attempts: 0 });
    expect((await members.listed(member)).attempts).toBe(0);
    expect((await next(backend.staff, only(member))).body.member?.id).toBe(member.id);
  });

  it("keeps the cooldown of the last result", async () => {
    const member = await servable();
    await members.saveResult(member, "Left message", backend.colleague);
    await reset(member.id, backend.admin);
    expect(heldBack((await counts(backend.staff, only(member))).body)).toEqual([["coolingDown", 1]]);
  });

  it("is for administrators: 403 to other staff, 401 without a session, 404 for an unknown member, 400 naming memberId", async () => {
    const member = await members.freshMember();
    expect((await reset(member.id, backend.staff)).status).toBe(403);
    expect((await reset(member.id, null)).status).toBe(401);
    expect((await reset(2_000_000_000, backend.admin)).status).toBe(404);
    const refused = await reset("x", backend.admin);
    expect(refused.status).toBe(400);
    expect(fieldsOf(refused.body)).toEqual(["memberId"]);
  });
});
