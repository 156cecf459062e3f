// The supervisor's live board: one row per agent signed in today with their state and today's
// counts, moved by their claims, calls, saves, streams and sign-out; `agent` events to
// administrators' streams only, and no more to an administrator made staff; an agent's day with
// the note of each call; for administrators only.
import { beforeAll, describe, expect, it } from "vitest";
import { zonedDate } from "../../domain/calendar";
import { DEFAULT_QUEUE_RULES } from "../../domain/queue/rules";
import { validateComponent } from "../../mocks/openapi/validate";
import type { EventStream } from "../support/testStream.ts";
import { fieldsOf, useBackend, type SignedIn } from "./fixtures";
import { useEventStreams } from "./eventStreams";
import { worklist } from "./worklist";

const backend = useBackend();
const GRACE_MS = DEFAULT_QUEUE_RULES.callbackGraceMs;
const members = worklist(backend);

interface BoardAgent {
  userId: number;
  state: { name: string; since: string; member: { id: number; name: string; practice: string; practiceId: number; subscriberId: string } | null };
  counts: { callsStarted: number; resultsSaved: number; contacts: number; appointments: number; callbacksDue: number; callbacksOverdue: number };
  [fact: string]: unknown;
}

/** Agents of their own for each case, so that one case's work never shows in another's counts. */
const spareAgents: string[] = [];
beforeAll(async () => {
  const accounts = (await backend.api.get("/auth/dev/accounts")).body as { email: string; isAdmin: boolean }[];
  const taken = new Set([backend.staff.user.email, backend.colleague.user.email]);
  spareAgents.push(...accounts.filter((account) => !account.isAdmin && !taken.has(account.email)).map((account) => account.email));
});

const listen = useEventStreams(backend);

/** A staff account of its own, when the demo world's agents are all taken. */
async function newAgent(): Promise<string> {
  const email = `agent.${Date.now()}.${Math.random().toString(36).slice(2)}@recalldesk.example`;
  const added = await backend.api.post("/staff", { token: backend.admin.token, body: { email, firstname: "Dana", lastname: "Cho", isAdmin: false, defaultLocationId: "" } });
  expect(added.status).toBe(201);
  return email;
}

/** A newly signed-in agent with a live stream open (without one, they would turn Offline after 60 s). */
async function agentAtDesk(): Promise<{ agent: SignedIn; stream: EventStream }> {
  const email = spareAgents.shift() ?? (await newAgent());
  const agent = await backend.signIn(email);
  return { agent, stream: await listen(agent) };
}

const board = (who: SignedIn | null = backend.admin) => backend.api.get("/board", { token: who?.token ?? null });
const rowOf = async (agent: SignedIn): Promise<BoardAgent | undefined> =>
  ((await board()).body.agents as BoardAgent[]).find((row) => row.userId === agent.user.id);
const claim = (memberId: number, who: SignedIn) => backend.api.post("/Members/claims", { token: who.token, body: { memberId } });
const startCall = (memberId: number, who: SignedIn) => backend.api.post("/Members/calls", { token: who.token, body: { memberId } });
const dayOf = (userId: number, who: SignedIn | null = backend.admin, day?: string) =>
  backend.api.get("/board/agents/{userId}/results", { token: who?.token ?? null, path: { userId }, query: { day } });

describe("GET /board", () => {
  it("lists an agent signed in today as Ready, and says which day it counts", async () => {
    const { agent } = await agentAtDesk();
    const { status, body } = await board();
    expect(status).toBe(200);
    expect(body.day).toBe(zonedDate(body.asOf));
    expect(Date.parse(body.nextDayAt)).toBeGreaterThan(Date.parse(body.asOf));
    expect(zonedDate(Date.parse(body.nextDayAt) - 1)).toBe(body.day);
    const row = (body.agents as BoardAgent[]).find((each) => each.userId === agent.user.id);
    expect(row).toMatchObject({
      firstname: agent.user.firstname,
      lastname: agent.user.lastname,
      signedOutAt: null,
      claim: null,
      state: { name: "ready", member: null },
    });
    await expect.poll(async () => (await rowOf(agent))?.connected).toBe(true);
  });

  it("sorts the agents by last name, first name, then id", async () => {
    const rows = (await board()).body.agents as { userId: number; lastname: string; firstname: string }[];
    const sorted = [...rows].sort((a, b) => (a.lastname < b.lastname ? -1 : a.lastname > b.lastname ? 1 : a.firstname < b.firstname ? -1 : a.firstname > b.firstname ? 1 : a.userId - b.userId));
    expect(rows).toEqual(sorted);
  });

  it("shows an agent Working on the member they claimed, as the list names it, and Ready again once released", async () => {
    const { agent } = await agentAtDesk();
    const member = await members.freshMember();
    expect((await claim(member.id, agent)).status).toBe(200);
    const working = await rowOf(agent);
    expect(working?.state).toEqual({
      name: "working",
      since: (working?.claim as { since: string }).since,
      member: { id: member.id, name: `${member.Last_Name}, ${[member.First_Name, member.Middle_Name].filter(Boolean).join(" ")}`, practice: member.Practice, practiceId: member.practiceId, subscriberId: member.Subscriber_ID },
    });
    expect((await backend.api.delete("/Members/claims/{memberId}", { token: agent.token, path: { memberId: member.id } })).status).toBe(204);
    const released = await rowOf(agent);
    expect(released).toMatchObject({ claim: null, state: { name: "ready", member: null } });
    expect(released?.lastClaimEndedAt).toBe(released?.state.since);
  });

  it("shows an agent On call from a phone-link press until a result, and counts calls, results, contacts and appointments", async () => {
    const { agent } = await agentAtDesk();
    const [first, second] = [await members.freshMember(), await members.freshMember()];
    // The demo world's agents have worked today already: the counts grow from theirs.
    const before = (await rowOf(agent))!.counts;
    const plus = (calls: number, results: number, contacts: number, appointments: number) => ({
      callsStarted: before.callsStarted + calls,
      resultsSaved: before.resultsSaved + results,
      contacts: before.contacts + contacts,
      appointments: before.appointments + appointments,
      callbacksDue: before.callbacksDue,
      callbacksOverdue: before.callbacksOverdue,
    });
    const started = await startCall(first.id, agent);
    expect(started.status).toBe(201);
    expect((await rowOf(agent))?.state).toMatchObject({ name: "onCall", since: started.body.startedAt, member: { id: first.id } });
    expect((await members.saveResult(first, "Appointment Made", agent)).status).toBe(201);
    expect(await rowOf(agent)).toMatchObject({ state: { name: "ready", member: null }, counts: plus(1, 1, 1, 1) });
    await startCall(second.id, agent);
    await members.saveResult(second, "No answer", agent);
    expect((await rowOf(agent))?.counts).toEqual(plus(2, 2, 1, 1));
  });

  it("counts an agent's open callbacks due today, and those past their grace period as overdue", async () => {
    const { agent } = await agentAtDesk();
    const member = await members.freshMember({ result: "", status: "New Patient" });
    const before = (await rowOf(agent))!.counts;
    // Both backends' clocks start at the demo's reference date (16 November 2026): tomorrow 10:00 in Chicago.
    const booked = await backend.api.post("/callbacks", { token: agent.token, body: { memberId: member.id, dueAt: "2026-11-17T16:00:00.000Z" } });
    expect(booked.status).toBe(201);
    expect((await rowOf(agent))?.counts).toMatchObject({ callbacksDue: before.callbacksDue, callbacksOverdue: before.callbacksOverdue });
    await backend.target.moveCallbackDue(booked.body.id, 60_000);
    expect((await rowOf(agent))?.counts).toMatchObject({ callbacksDue: before.callbacksDue + 1, callbacksOverdue: before.callbacksOverdue });
    await backend.target.moveCallbackDue(booked.body.id, -31 * 60_000);
    expect((await rowOf(agent))?.counts).toMatchObject({ callbacksDue: before.callbacksDue, callbacksOverdue: before.callbacksOverdue + 1 });
  });

  it("shows an agent Offline at once when they sign out", async () => {
    const { agent } = await agentAtDesk();
    expect((await backend.api.delete("/sessions", { token: agent.token })).status).toBe(204);
    const row = await rowOf(agent);
    expect(row?.signedOutAt).not.toBeNull();
    expect(row?.state).toEqual({ name: "offline", since: row?.signedOutAt, member: null });
  });

  it("shows an agent Offline within 2 seconds of signing out though another session of theirs stays valid", async () => {
    const { agent } = await agentAtDesk();
    const otherDesk = await backend.signIn(agent.user.email);
    await expect.poll(async () => (await rowOf(agent))?.connected, { timeout: 5000 }).toBe(true);
    expect((await backend.api.delete("/sessions", { token: agent.token })).status).toBe(204);
    await expect.poll(async () => (await rowOf(agent))?.state.name, { timeout: 2000, interval: 100 }).toBe("offline");
    expect((await backend.api.get("/sessions", { token: otherDesk.token })).status).toBe(200);
  });

  it("shows an agent Offline within 2 seconds of their last live stream closing, from when it closed", async () => {
    const { agent, stream } = await agentAtDesk();
    await expect.poll(async () => (await rowOf(agent))?.connected, { timeout: 5000 }).toBe(true);
    stream.close();
    await expect.poll(async () => (await rowOf(agent))?.state.name, { timeout: 2000, interval: 100 }).toBe("offline");
    const row = await rowOf(agent);
    expect(row).toMatchObject({ connected: false, signedOutAt: null });
    expect(row?.state.since).toBe(row?.lastConnectedAt);
  });

  it("is for administrators only", async () => {
    expect((await board(backend.staff)).status).toBe(403);
    expect((await board(null)).status).toBe(401);
  });
});

describe("agent events of the stream", () => {
  it("reach administrators' streams within 2 seconds of a claim, a call start and a save, and never staff's", async () => {
    const { agent } = await agentAtDesk();
    const watching = await listen(backend.admin);
    const staffList = await listen(backend.colleague);
    const member = await members.freshMember();
    const nextState = async () => {
      const event = await watching.next((candidate) => candidate.event === "agent" && JSON.parse(candidate.data).userId === agent.user.id, 2000);
      const data = JSON.parse(event.data);
      expect(validateComponent("BoardAgent", data)).toEqual([]);
      return data.state.name as string;
    };
    await claim(member.id, agent);
    expect(await nextState()).toBe("working");
    await startCall(member.id, agent);
    expect(await nextState()).toBe("onCall");
    await members.saveResult(member, "Left message", agent);
    expect(await nextState()).toBe("ready");
    await staffList.next((candidate) => candidate.event === "member" && JSON.parse(candidate.data).memberId === member.id);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(staffList.received.some((item) => "event" in item && item.event === "agent")).toBe(false);
  });
});

describe("rights that change", () => {
  it("stop the live board's events on the open stream of an administrator made staff, at once", async () => {
    const email = `demoted.${Date.now()}@recalldesk.example`;
    const input = { email, firstname: "Dana", lastname: "Cho", isAdmin: true, defaultLocationId: "" };
    const added = await backend.api.post("/staff", { token: backend.admin.token, body: input });
    expect(added.status).toBe(201);
    const demoted = await listen(await backend.signIn(email));
    const watching = await listen(backend.admin);
    const { agent } = await agentAtDesk();
    const working = (memberId: number) => (candidate: { event: string; data: string }) => {
      const row = JSON.parse(candidate.data) as BoardAgent;
      return candidate.event === "agent" && row.userId === agent.user.id && row.state.member?.id === memberId;
    };
    const [first, second] = [await members.freshMember(), await members.freshMember()];
    await claim(first.id, agent);
    await demoted.next(working(first.id), 2000);
    await backend.api.delete("/Members/claims/{memberId}", { token: agent.token, path: { memberId: first.id } });
    expect((await backend.api.put("/staff/{id}", { token: backend.admin.token, path: { id: added.body.id }, body: { ...input, isAdmin: false } })).status).toBe(200);
    const seenBefore = demoted.received.length;
    await claim(second.id, agent);
    await watching.next(working(second.id), 2000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(demoted.received.slice(seenBefore).filter((item) => "event" in item && item.event === "agent")).toEqual([]);
  });
});

describe("an agent's callback going overdue", () => {
  it("reaches administrators' streams as the agent's row with one more overdue, though nothing else changed", async () => {
    const { agent } = await agentAtDesk();
    const member = await members.freshMember({ result: "", status: "New Patient" });
    const booked = await backend.api.post("/callbacks", { token: agent.token, body: { memberId: member.id, dueAt: "2026-11-17T16:00:00.000Z" } });
    expect(booked.status).toBe(201);
    const before = (await rowOf(agent))!.counts;
    const watching = await listen(backend.admin);
    // Due a grace period ago: it is anyone's from now on.
    await backend.target.moveCallbackDue(booked.body.id, -GRACE_MS);
    const event = await watching.next((candidate) => {
      if (candidate.event !== "agent") return false;
      const row = JSON.parse(candidate.data) as BoardAgent;
      return row.userId === agent.user.id && row.counts.callbacksOverdue === before.callbacksOverdue + 1;
    }, 2000);
    expect(validateComponent("BoardAgent", JSON.parse(event.data))).toEqual([]);
  });
});

describe("GET /board/agents/{userId}/results", () => {
  it("lists the agent's results of today, newest first, each with its member and the note of that call", async () => {
    const { agent } = await agentAtDesk();
    const [first, second] = [await members.freshMember(), await members.freshMember()];
    const noted = await members.saveResult(first, "Contact Made Call Back", agent);
    expect((await members.saveNotes(first, "Call back after 4 pm on Thursday", agent)).status).toBe(201);
    await members.saveNotes(first, "a second note", agent);
    const plain = await members.saveResult(second, "No answer", agent);
    const { status, body } = await dayOf(agent.user.id);
    expect(status).toBe(200);
    expect(body.day).toBe(zonedDate(noted.body.createdAt));
    expect(body.agent).toEqual({ userId: agent.user.id, firstname: agent.user.firstname, lastname: agent.user.lastname, email: agent.user.email });
    // Newest first: the demo world's agents saved results earlier today.
    expect(body.results.slice(0, 2)).toEqual([
      { id: plain.body.id, savedAt: plain.body.createdAt, Result: "No answer", note: null, member: expect.objectContaining({ id: second.id, subscriberId: second.Subscriber_ID }) },
      { id: noted.body.id, savedAt: noted.body.createdAt, Result: "Contact Made Call Back", note: "Call back after 4 pm on Thursday", member: expect.objectContaining({ id: first.id, practice: first.Practice }) },
    ]);
  });

  it("lists nothing for a day without results, and refuses a day that is not a date, naming it", async () => {
    expect((await dayOf(backend.staff.user.id, backend.admin, "1901-01-01")).body.results).toEqual([]);
    const { status, body } = await dayOf(backend.staff.user.id, backend.admin, "2026-02-30");
    expect(status).toBe(400);
    expect(fieldsOf(body)).toEqual(["day"]);
  });

  it("answers 404 for a user that does not exist", async () => {
    expect((await dayOf(2147483647)).status).toBe(404);
  });

  it("is for administrators only", async () => {
    expect((await dayOf(backend.staff.user.id, backend.staff)).status).toBe(403);
    expect((await dayOf(backend.staff.user.id, null)).status).toBe(401);
  });
});
