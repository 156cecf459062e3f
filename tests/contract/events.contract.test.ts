// Live events: a ticket of the session opens the event stream once; the stream sends a `member`
// event after each save and a `claim` event after each change of a claim, as the contract's
// schemas describe them, carrying no more than the members list shows; refusals are plain errors.
import { afterEach, describe, expect, it } from "vitest";
import { validateComponent } from "../../mocks/openapi/validate";
import { openEventStream, type EventStream, type StreamEvent } from "../support/testStream.ts";
import { fieldsOf, useBackend, type SignedIn } from "./fixtures";
import { record } from "./http";
import { worklist } from "./worklist";

const backend = useBackend();
const members = worklist(backend);

const ticketOf = (who: SignedIn | null) => backend.api.post("/events/ticket", { token: who?.token ?? null });

const opened: EventStream[] = [];
afterEach(() => opened.splice(0).forEach((events) => events.close()));

/** GET /events?ticket=…, counted for the coverage report like every other call. */
async function open(ticket: string | undefined, accept = "text/event-stream") {
  const query = ticket === undefined ? "" : `?ticket=${encodeURIComponent(ticket)}`;
  const events = await openEventStream(`${backend.target.baseUrl}/events${query}`, accept);
  record("openEventStream", events.status);
  opened.push(events);
  return events;
}

async function listen(who: SignedIn) {
  const events = await open((await ticketOf(who)).body.ticket);
  expect(events.status).toBe(200);
  return events;
}

/** The data of the next event of that name, checked against its schema in the contract. */
async function nextOf(events: EventStream, name: "member" | "claim", memberId: number) {
  const event = await events.next((candidate: StreamEvent) => candidate.event === name && JSON.parse(candidate.data).memberId === memberId);
  const data = JSON.parse(event.data);
  expect(validateComponent(name === "member" ? "MemberEvent" : "ClaimEvent", data)).toEqual([]);
  return data;
}

describe("POST /events/ticket", () => {
  it("issues a single-use ticket valid 30 seconds", async () => {
    const before = Date.now();
    const { status, body } = await ticketOf(backend.staff);
    expect(status).toBe(201);
    const expiresAt = new Date(body.expiresAt).getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(before + 29_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 31_000);
  });

  it("answers 401 without a session", async () => {
    expect((await ticketOf(null)).status).toBe(401);
  });

  it("answers 429 with Retry-After to a flood of tickets from one user", async () => {
    const accounts = (await backend.api.get("/auth/dev/accounts")).body as { email: string; isAdmin: boolean }[];
    const flooding = await backend.signIn(accounts.filter((account) => !account.isAdmin).at(-2)!.email);
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof ticketOf>> | undefined;
    for (let attempt = 0; attempt < 25 && !refused; attempt += 1) {
      const answer = await ticketOf(flooding);
      statuses.push(answer.status);
      if (answer.status === 429) refused = answer;
    }
    expect(statuses.slice(0, 20).every((status) => status === 201)).toBe(true);
    expect(refused?.body).toMatchObject({ statusCode: 429 });
    expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("GET /events", () => {
  it("streams a text/event-stream that starts with the retry hint", async () => {
    const events = await listen(backend.staff);
    expect(events.headers.get("content-type")).toMatch(/^text\/event-stream/);
    await expect.poll(() => events.received[0]).toEqual({ retry: 3000 });
  });

  it("sends a member event after another agent's save, carrying no more than the list shows", async () => {
    const events = await listen(backend.staff);
    const member = await members.freshMember();
    const saved = await members.saveResult(member, "Appointment Made", backend.colleague);
    const data = await nextOf(events, "member", member.id);
    const listed = await members.listed(member);
    expect(data).toEqual({ memberId: member.id, version: saved.body.version, Result: "Appointment Made", notes: listed.notes, notestimestamp: listed.notestimestamp });
    const note = await members.saveNotes(member, "Booked for Tuesday.", backend.colleague);
    expect(await nextOf(events, "member", member.id)).toMatchObject({ version: note.body.version, Result: "Appointment Made", notes: "Booked for Tuesday." });
  });

  it("sends a claim event after a claim, its renewal and its release", async () => {
    const events = await listen(backend.staff);
    const member = await members.freshMember();
    const claimed = await backend.api.post("/Members/claims", { token: backend.colleague.token, body: { memberId: member.id } });
    expect(await nextOf(events, "claim", member.id)).toEqual({ memberId: member.id, claim: claimed.body });
    const renewed = await backend.api.post("/Members/claims", { token: backend.colleague.token, body: { memberId: member.id } });
    expect(await nextOf(events, "claim", member.id)).toEqual({ memberId: member.id, claim: renewed.body });
    await backend.api.delete("/Members/claims/{memberId}", { token: backend.colleague.token, path: { memberId: member.id } });
    expect(await nextOf(events, "claim", member.id)).toEqual({ memberId: member.id, claim: null });
  });

  it("sends the end of a claim that a save ended, after the save", async () => {
    const events = await listen(backend.staff);
    const member = await members.freshMember();
    await backend.api.post("/Members/claims", { token: backend.colleague.token, body: { memberId: member.id } });
    await nextOf(events, "claim", member.id);
    await members.saveNotes(member, "Spoke with dad.", backend.colleague);
    await nextOf(events, "member", member.id);
    expect(await nextOf(events, "claim", member.id)).toEqual({ memberId: member.id, claim: null });
  });

  it("opens once per ticket: a used, expired or unknown ticket answers 401", async () => {
    const ticket = (await ticketOf(backend.staff)).body.ticket;
    expect((await open(ticket)).status).toBe(200);
    const reused = await open(ticket);
    expect(reused.status).toBe(401);
    expect(reused.body).toMatchObject({ statusCode: 401 });
    const late = (await ticketOf(backend.staff)).body.ticket;
    await backend.target.expireTicket(late);
    expect((await open(late)).status).toBe(401);
    expect((await open("A".repeat(43))).status).toBe(401);
  });

  it("refuses a missing or malformed ticket, naming ticket", async () => {
    for (const ticket of [undefined, "short", "not a ticket at all, with spaces"]) {
      const refused = await open(ticket);
      expect(refused.status).toBe(400);
      expect(fieldsOf(refused.body as any)).toEqual(["ticket"]);
    }
  });

  it("answers 406 to a request that does not accept text/event-stream, and keeps the ticket", async () => {
    const ticket = (await ticketOf(backend.staff)).body.ticket;
    const refused = await open(ticket, "application/json");
    expect(refused.status).toBe(406);
    expect((await open(ticket)).status).toBe(200);
  });

  it("ends when its session signs out, and opens no stream for that session's tickets", async () => {
    const accounts = (await backend.api.get("/auth/dev/accounts")).body as { email: string; isAdmin: boolean }[];
    const leaving = await backend.signIn(accounts.filter((account) => !account.isAdmin).at(-3)!.email);
    const events = await listen(leaving);
    const spare = (await ticketOf(leaving)).body.ticket;
    expect((await backend.api.delete("/sessions", { token: leaving.token })).status).toBe(204);
    await events.ended;
    expect((await open(spare)).status).toBe(401);
  });
});
