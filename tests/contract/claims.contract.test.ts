// Claims: an agent working a member claims it for 2 minutes, renews while on it and releases when
// moving on; the others see the claim in the list, and a claim never blocks a save.
import { describe, expect, it } from "vitest";
import { fieldsOf, useBackend, type SignedIn } from "./fixtures";
import { worklist } from "./worklist";

const backend = useBackend();
const members = worklist(backend);
const holderOf = (who: SignedIn) => ({ id: who.user.id, firstname: who.user.firstname, lastname: who.user.lastname });
const CLAIM_MS = 2 * 60 * 1000;

const claim = (memberId: unknown, who: SignedIn | null) =>
  backend.api.post("/Members/claims", { token: who?.token ?? null, body: { memberId } });
const release = (memberId: unknown, who: SignedIn | null) =>
  backend.api.delete("/Members/claims/{memberId}", { token: who?.token ?? null, path: { memberId: String(memberId) } });

describe("POST /Members/claims", () => {
  it("claims a member for 2 minutes; every agent's list shows who is on it", async () => {
    const member = await members.freshMember();
    expect(member.claim).toBeNull();
    const before = Date.now();
    const { status, body } = await claim(member.id, backend.staff);
    const after = Date.now();
    expect(status).toBe(200);
    expect(body).toMatchObject({ memberId: member.id, by: holderOf(backend.staff) });
    const expiresAt = new Date(body.expiresAt).getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(before + CLAIM_MS - 1000);
    expect(expiresAt).toBeLessThanOrEqual(after + CLAIM_MS + 1000);
    expect((await members.listed(member, backend.colleague))?.claim).toEqual(body);
    expect((await members.listed(member, backend.staff))?.claim).toEqual(body);
  });

  it("renews the caller's own claim", async () => {
    const member = await members.freshMember();
    const first = (await claim(member.id, backend.staff)).body;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const renewed = await claim(member.id, backend.staff);
    expect(renewed.status).toBe(200);
    expect(renewed.body.by).toEqual(first.by);
    expect(new Date(renewed.body.expiresAt).getTime()).toBeGreaterThan(new Date(first.expiresAt).getTime());
    expect((await members.listed(member, backend.colleague))?.claim).toEqual(renewed.body);
  });

  it("answers 409 with the holder's claim while another agent holds it", async () => {
    const member = await members.freshMember();
    const theirs = (await claim(member.id, backend.colleague)).body;
    const { status, body } = await claim(member.id, backend.staff);
    expect(status).toBe(409);
    expect(body).toMatchObject({ statusCode: 409, claim: theirs });
    expect(body.message).toContain(`${backend.colleague.user.firstname} ${backend.colleague.user.lastname}`);
    expect((await members.listed(member))?.claim).toEqual(theirs);
  });

  it("lets another agent claim once the claim has ended by itself; an ended claim never shows", async () => {
    const member = await members.freshMember();
    await claim(member.id, backend.colleague);
    await backend.target.expireClaim(member.id);
    expect((await members.listed(member))?.claim).toBeNull();
    expect((await release(member.id, backend.colleague)).status).toBe(404);
    const mine = await claim(member.id, backend.staff);
    expect(mine.status).toBe(200);
    expect(mine.body.by).toEqual(holderOf(backend.staff));
  });

  it("answers 404 for an unknown member", async () => {
    expect((await claim(2_000_000_000, backend.staff)).status).toBe(404);
  });

  it("refuses a missing or invalid member id, naming memberId, and fields it does not know", async () => {
    for (const memberId of [undefined, 0, -3, 1.5, "x"]) {
      const { status, body } = await claim(memberId, backend.staff);
      expect(status).toBe(400);
      expect(fieldsOf(body)).toEqual(["memberId"]);
    }
    const member = await members.freshMember();
    const extra = await backend.api.post("/Members/claims", { token: backend.staff.token, body: { memberId: member.id, minutes: 10 } });
    expect(extra.status).toBe(400);
    expect(fieldsOf(extra.body)).toEqual(["minutes"]);
  });

  it("answers 401 without a session", async () => {
    const member = await members.freshMember();
    expect((await claim(member.id, null)).status).toBe(401);
  });
});

describe("DELETE /Members/claims/{memberId}", () => {
  it("ends the caller's claim: the list shows none, a second release answers 404", async () => {
    const member = await members.freshMember();
    await claim(member.id, backend.staff);
    const { status } = await release(member.id, backend.staff);
    expect(status).toBe(204);
    expect((await members.listed(member, backend.colleague))?.claim).toBeNull();
    expect((await release(member.id, backend.staff)).status).toBe(404);
  });

  it("answers 404 for another agent's claim, and leaves it", async () => {
    const member = await members.freshMember();
    const theirs = (await claim(member.id, backend.colleague)).body;
    expect((await release(member.id, backend.staff)).status).toBe(404);
    expect((await members.listed(member))?.claim).toEqual(theirs);
  });

  it("refuses a member id that is not a positive integer, naming memberId", async () => {
    for (const memberId of ["abc", "0"]) {
      const { status, body } = await release(memberId, backend.staff);
      expect(status).toBe(400);
      expect(fieldsOf(body)).toEqual(["memberId"]);
    }
  });

  it("answers 401 without a session", async () => {
    expect((await release(1, null)).status).toBe(401);
  });
});

describe("claims and saves", () => {
  it("a save ends the saver's own claim", async () => {
    const member = await members.freshMember();
    await claim(member.id, backend.staff);
    expect((await members.saveResult(member, "No answer", backend.staff)).status).toBe(201);
    expect((await members.listed(member))?.claim).toBeNull();
    await claim(member.id, backend.staff);
    expect((await members.saveNotes(member, "Voicemail.", backend.staff)).status).toBe(201);
    expect((await members.listed(member))?.claim).toBeNull();
  });

  it("a member claimed by someone else can still be saved, and their claim stays", async () => {
    const member = await members.freshMember();
    const theirs = (await claim(member.id, backend.colleague)).body;
    expect((await members.saveResult(member, "Transfer", backend.staff, member.version)).status).toBe(201);
    expect((await members.listed(member))).toMatchObject({ Result: "Transfer", claim: theirs });
  });
});

describe("limits per user", () => {
  /** An account no other case of this file uses: the limits count per user. */
  const limitedAgent = async () => {
    const accounts = (await backend.api.get("/auth/dev/accounts")).body as { email: string; isAdmin: boolean }[];
    return backend.signIn(accounts.filter((account) => !account.isAdmin).at(-2)!.email);
  };
  // Members that do not exist: the calls count all the same, and nobody's list shows a claim.
  const unknownMembers = (count: number) => Array.from({ length: count }, (_, index) => 2_000_000 + index);

  it("answers 429 with Retry-After to claims past 60 a minute, and to call starts past 30, sent at once", async () => {
    const agent = await limitedAgent();
    const claims = await Promise.all(unknownMembers(65).map((memberId) => claim(memberId, agent)));
    expect(claims.filter((answer) => answer.status !== 429)).toHaveLength(60);
    const refused = claims.find((answer) => answer.status === 429)!;
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(refused.body.message).toMatch(/claiming members faster/);
    const calls = await Promise.all(unknownMembers(35).map((memberId) => backend.api.post("/Members/calls", { token: agent.token, body: { memberId } })));
    expect(calls.filter((answer) => answer.status !== 429)).toHaveLength(30);
    expect(calls.filter((answer) => answer.status === 404)).toHaveLength(30);
  });

  it("counts Next with the claims: once 60 were made in a minute, Next answers 429 and serves nobody", async () => {
    const accounts = (await backend.api.get("/auth/dev/accounts")).body as { email: string; isAdmin: boolean }[];
    const agent = await backend.signIn(accounts.filter((account) => !account.isAdmin).at(-3)!.email);
    const claims = await Promise.all(unknownMembers(60).map((memberId) => claim(memberId, agent)));
    expect(claims.every((answer) => answer.status === 404)).toBe(true);
    const next = await backend.api.post("/queue/next", { token: agent.token });
    expect(next.status).toBe(429);
    expect(next.body.message).toMatch(/claiming members faster/);
    expect(Number(next.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  });
});

describe("signing out", () => {
  const lastStaffAccount = async () => {
    const accounts = (await backend.api.get("/auth/dev/accounts")).body as { email: string; isAdmin: boolean }[];
    return accounts.filter((account) => !account.isAdmin).at(-1)!.email;
  };

  it("ends every claim made from the session", async () => {
    const leaving = await backend.signIn(await lastStaffAccount());
    const [one, two] = [await members.freshMember(), await members.freshMember()];
    await claim(one.id, leaving);
    await claim(two.id, leaving);
    expect((await backend.api.delete("/sessions", { token: leaving.token })).status).toBe(204);
    expect((await members.listed(one))?.claim).toBeNull();
    expect((await members.listed(two))?.claim).toBeNull();
  });

  it("leaves the claims made from the user's other live sessions", async () => {
    const email = await lastStaffAccount();
    const [desk, laptop] = [await backend.signIn(email), await backend.signIn(email)];
    const [left, kept] = [await members.freshMember(), await members.freshMember()];
    await claim(left.id, desk);
    const stays = (await claim(kept.id, laptop)).body;
    expect((await backend.api.delete("/sessions", { token: desk.token })).status).toBe(204);
    expect((await members.listed(left))?.claim).toBeNull();
    expect((await members.listed(kept))?.claim).toEqual(stays);
  });
});
