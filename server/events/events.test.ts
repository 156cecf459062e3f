// @vitest-environment node
// Live events on both engines: a change reaches an open stream once committed (never when its
// transaction fails), a ticket opens one stream once, a note too long to NOTIFY still arrives
// whole, streams end with the app, the limits of tickets and open streams hold for requests sent
// at once, a stream and its session's claims end when the session expires; and on PostgreSQL two
// instances on one database relay each other's changes, a user disabled through one loses their
// stream on the other, and an instance whose LISTEN connection drops ends its streams and listens again.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { bearer, ENGINES, STAFF_EMAIL, ADMIN_EMAIL, openEveryConnection, startTestApp, type App, type TestApp } from "../../tests/support/testApp.ts";
import { hashToken, setUserDisabled } from "../auth/sessions.repository.ts";
import { EVENT_STREAMS_PER_USER, EVENT_TICKETS_PER_MINUTE, STREAM_UNSEEN_MS } from "../../domain/team/events.ts";
import { loadConfig } from "../config.ts";
import { openDatabase, type DatabaseHandle } from "../db/connection.ts";
import { openEventStream, type EventStream } from "../../tests/support/testStream.ts";
import { expireTicket } from "./events.repository.ts";

interface Member {
  id: number;
  subscriber_id: string;
  pat_num: string;
  practice_id: number;
}

async function post(baseUrl: string, path: string, token: string, body?: unknown) {
  const answer = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { ...bearer(token), ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

const keyOf = (member: Member) => ({ sid: member.subscriber_id, patnum: member.pat_num, practice: member.practice_id, addLocation: "callCenter" });

async function stream(baseUrl: string, token: string): Promise<EventStream> {
  const ticket = await post(baseUrl, "/events/ticket", token);
  expect(ticket.status).toBe(201);
  const opened = await openEventStream(`${baseUrl}/events?ticket=${ticket.body.ticket}`);
  expect(opened.status).toBe(200);
  return opened;
}

describe.each(ENGINES)("live events on %s", (engine) => {
  let server: TestApp;
  let baseUrl: string;
  let members: Member[];
  let staff: string;
  let admin: string;
  const open: EventStream[] = [];
  /** While set, the app's clock stands still at this instant; otherwise it is the real one. */
  let clockHeldAt: number | undefined;

  beforeAll(async () => {
    server = await startTestApp({ engine, now: () => new Date(clockHeldAt ?? Date.now()) });
    baseUrl = `${await server.app.listen({ port: 0, host: "127.0.0.1" })}/api`;
    members = await server.database.db.selectFrom("members").select(["id", "subscriber_id", "pat_num", "practice_id"]).orderBy("id").limit(10).execute();
    staff = await server.sessionOf(STAFF_EMAIL);
    admin = await server.sessionOf(ADMIN_EMAIL);
  }, 180_000);
  afterAll(async () => {
    for (const events of open) events.close();
    await server?.close();
  });
  const listen = async (token: string) => {
    const events = await stream(baseUrl, token);
    open.push(events);
    return events;
  };

  it("sends the retry hint first, then a member event after another agent's save", async () => {
    const events = await listen(staff);
    const member = members[0]!;
    const saved = await post(baseUrl, "/Members/saveResult", admin, { ...keyOf(member), Result: "No answer" });
    expect(saved.status).toBe(201);
    const event = await events.next((candidate) => candidate.event === "member");
    expect(JSON.parse(event.data)).toMatchObject({ memberId: member.id, version: saved.body.version, Result: "No answer" });
    expect(events.received[0]).toEqual({ retry: 3000 });
    expect(events.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
  });

  it("sends nothing for a save that was refused", async () => {
    const events = await listen(staff);
    const member = members[1]!;
    expect((await post(baseUrl, "/Members/saveResult", admin, { ...keyOf(member), Result: "Broken", version: 99 })).status).toBe(400);
    const claimed = await post(baseUrl, "/Members/claims", admin, { memberId: member.id });
    // The claim comes after the refused save: had the save sent anything, it would come first.
    const first = await events.next();
    expect(first.event).toBe("claim");
    expect(JSON.parse(first.data)).toEqual({ memberId: member.id, claim: claimed.body });
  });

  it("sends a note too long to NOTIFY whole", async () => {
    const events = await listen(staff);
    const member = members[2]!;
    const notes = "😀".repeat(2000); // 8,000 bytes of UTF-8: over PostgreSQL's NOTIFY payload limit
    expect((await post(baseUrl, "/Members/saveNotes", admin, { ...keyOf(member), notes })).status).toBe(201);
    const event = await events.next((candidate) => candidate.event === "member");
    expect(JSON.parse(event.data)).toMatchObject({ memberId: member.id, notes });
  });

  it("opens one stream per ticket, and none with an expired ticket", async () => {
    const ticket = (await post(baseUrl, "/events/ticket", staff)).body.ticket as string;
    const first = await openEventStream(`${baseUrl}/events?ticket=${ticket}`);
    open.push(first);
    expect(first.status).toBe(200);
    const again = await openEventStream(`${baseUrl}/events?ticket=${ticket}`);
    expect(again.status).toBe(401);
    const late = (await post(baseUrl, "/events/ticket", staff)).body.ticket as string;
    await expireTicket(server.database.db, late);
    expect((await openEventStream(`${baseUrl}/events?ticket=${late}`)).status).toBe(401);
  });

  /** A member of staff of its own for each limit's test: the limits are per user. */
  const staffNumber = async (index: number) => {
    const user = await server.database.db.selectFrom("users").select(["id", "email"]).where("is_admin", "=", false).orderBy("id", "desc").offset(index).limit(1).executeTakeFirstOrThrow();
    return { ...user, token: await server.sessionOf(user.email) };
  };
  const streamRows = async (userId: number) => (await server.database.db.selectFrom("event_streams").select("id").where("user_id", "=", userId).execute()).length;

  it("of 40 tickets asked for at once issues the 20 a minute allows", async () => {
    const { token } = await staffNumber(0);
    await openEveryConnection(server.database);
    const answers = await Promise.all(Array.from({ length: 40 }, () => post(baseUrl, "/events/ticket", token)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(EVENT_TICKETS_PER_MINUTE);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(40 - EVENT_TICKETS_PER_MINUTE);
  }, 30_000);

  it("of 15 tickets redeemed at once opens the 10 streams a user may hold, and frees each as it ends", async () => {
    const { id, token } = await staffNumber(1);
    const tickets: string[] = [];
    for (let index = 0; index < 16; index += 1) tickets.push((await post(baseUrl, "/events/ticket", token)).body.ticket as string);
    await openEveryConnection(server.database);
    const streams = await Promise.all(tickets.slice(0, 15).map((ticket) => openEventStream(`${baseUrl}/events?ticket=${ticket}`)));
    expect(streams.filter((opened) => opened.status === 200)).toHaveLength(EVENT_STREAMS_PER_USER);
    expect(streams.filter((opened) => opened.status === 429)).toHaveLength(15 - EVENT_STREAMS_PER_USER);
    expect(await streamRows(id)).toBe(EVENT_STREAMS_PER_USER);
    for (const opened of streams) opened.close();
    await expect.poll(() => streamRows(id), { timeout: 5_000 }).toBe(0);
    const again = await openEventStream(`${baseUrl}/events?ticket=${tickets[15]}`);
    open.push(again);
    expect(again.status).toBe(200);
  }, 30_000);

  it("no longer counts streams their instance has not seen for a minute (it stopped without ending them)", async () => {
    const { id, token } = await staffNumber(2);
    const session = await server.database.db.selectFrom("sessions").select("id").where("token_hash", "=", hashToken(token)).executeTakeFirstOrThrow();
    const unseen = new Date(Date.now() - STREAM_UNSEEN_MS - 1000);
    const left = Array.from({ length: EVENT_STREAMS_PER_USER }, () => ({ id: crypto.randomUUID(), user_id: id, session_id: session.id, opened_at: unseen, seen_at: unseen }));
    await server.database.db.insertInto("event_streams").values(left).execute();
    const opened = await listen(token);
    expect(opened.status).toBe(200);
    expect(await streamRows(id)).toBe(1);
  });

  it("ends a stream and the claims of its session at the moment the session expires", async () => {
    const { token } = await staffNumber(3);
    const watcher = await listen(staff);
    const member = members[3]!;
    expect((await post(baseUrl, "/Members/claims", token, { memberId: member.id })).status).toBe(200);
    await watcher.next((event) => event.event === "claim" && JSON.parse(event.data).claim !== null);
    const ticket = (await post(baseUrl, "/events/ticket", token)).body.ticket as string;
    // Idle for all but the last second and a half of its timeout (30 minutes in tests), as the
    // stream sees it: the app's clock stands still while the stream opens, so the time opening
    // takes on a loaded machine neither eats into that second and a half nor lets the session
    // expire first. Its end is then a real wait, and comes after the whole of it.
    const idleMs = server.app.services.config.sessionIdleMs;
    const heldAt = Date.now();
    clockHeldAt = heldAt;
    await server.database.db.updateTable("sessions").set({ last_seen_at: new Date(heldAt - idleMs + 1500) }).where("token_hash", "=", hashToken(token)).execute();
    const expiring = await openEventStream(`${baseUrl}/events?ticket=${ticket}`).finally(() => {
      clockHeldAt = undefined;
    });
    expect(expiring.status).toBe(200);
    const opened = Date.now();
    await expiring.ended;
    expect(Date.now() - heldAt).toBeGreaterThanOrEqual(1500);
    expect(Date.now() - opened).toBeLessThan(4000);
    const ended = await watcher.next((event) => event.event === "claim");
    expect(JSON.parse(ended.data)).toEqual({ memberId: member.id, claim: null });
  });

  it("opens no stream for a ticket whose session has ended since", async () => {
    const token = await server.sessionOf(STAFF_EMAIL);
    const ticket = (await post(baseUrl, "/events/ticket", token)).body.ticket as string;
    expect((await fetch(`${baseUrl}/sessions`, { method: "DELETE", headers: bearer(token) })).status).toBe(204);
    expect((await openEventStream(`${baseUrl}/events?ticket=${ticket}`)).status).toBe(401);
  });
});

describe.runIf(ENGINES.includes("postgres"))("two instances on one PostgreSQL database", () => {
  let first: TestApp;
  let second: App;
  let secondDatabase: DatabaseHandle;
  let urls: [string, string];
  let member: Member;

  beforeAll(async () => {
    first = await startTestApp({ engine: "postgres" });
    secondDatabase = await openDatabase({ url: first.url });
    second = await buildApp({ config: loadConfig({ NODE_ENV: "test" }), database: secondDatabase });
    urls = [`${await first.app.listen({ port: 0, host: "127.0.0.1" })}/api`, `${await second.listen({ port: 0, host: "127.0.0.1" })}/api`];
    member = await first.database.db.selectFrom("members").select(["id", "subscriber_id", "pat_num", "practice_id"]).orderBy("id", "desc").limit(1).executeTakeFirstOrThrow();
  }, 180_000);
  afterAll(async () => {
    await second?.close();
    await secondDatabase?.close();
    await first?.close();
  });

  it("relays a save and a claim made through one instance to a stream open on the other", async () => {
    const onSecond = await stream(urls[1], await first.sessionOf(STAFF_EMAIL));
    try {
      const admin = await first.sessionOf(ADMIN_EMAIL);
      const saved = await post(urls[0], "/Members/saveNotes", admin, { ...keyOf(member), notes: "Relayed across instances" });
      expect(saved.status).toBe(201);
      const event = await onSecond.next((candidate) => candidate.event === "member");
      expect(JSON.parse(event.data)).toMatchObject({ memberId: member.id, version: saved.body.version, notes: "Relayed across instances" });
      const claimed = await post(urls[0], "/Members/claims", admin, { memberId: member.id });
      const claim = await onSecond.next((candidate) => candidate.event === "claim");
      expect(JSON.parse(claim.data)).toEqual({ memberId: member.id, claim: claimed.body });
    } finally {
      onSecond.close();
    }
  });

  it("ends the stream a user disabled through one instance holds on the other within a second, and their claims", async () => {
    const leaving = await first.database.db.selectFrom("users").select(["id", "email"]).where("is_admin", "=", false).orderBy("id", "desc").limit(1).executeTakeFirstOrThrow();
    const token = await first.sessionOf(leaving.email);
    const watcher = await stream(urls[0], await first.sessionOf(STAFF_EMAIL));
    const onSecond = await stream(urls[1], token);
    const claimed = await first.database.db.selectFrom("members").select("id").orderBy("id", "desc").offset(1).limit(1).executeTakeFirstOrThrow();
    try {
      expect((await post(urls[1], "/Members/claims", token, { memberId: claimed.id })).status).toBe(200);
      await watcher.next((event) => event.event === "claim" && JSON.parse(event.data).claim !== null);
      const disabledAt = Date.now();
      await setUserDisabled(first.database.db, leaving.email, true);
      await onSecond.ended;
      expect(Date.now() - disabledAt).toBeLessThan(1000);
      const ended = await watcher.next((event) => event.event === "claim", 1000);
      expect(JSON.parse(ended.data)).toEqual({ memberId: claimed.id, claim: null });
    } finally {
      watcher.close();
      onSecond.close();
      await setUserDisabled(first.database.db, leaving.email, false);
    }
  });

  it("ends its streams when its LISTEN connection drops, then listens again", async () => {
    const token = await first.sessionOf(STAFF_EMAIL);
    const onSecond = await stream(urls[1], token);
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(first.database.db);
    // Both instances listen on the schema's channel of this database: end both connections.
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = ${`LISTEN "recall_events_${rows[0]!.schema}"`}`.execute(first.database.db);
    await onSecond.ended;
    await expect.poll(() => second.eventRelay.listening, { timeout: 10_000 }).toBe(true);
    const again = await stream(urls[1], token);
    try {
      const admin = await first.sessionOf(ADMIN_EMAIL);
      await post(urls[0], "/Members/saveResult", admin, { ...keyOf(member), Result: "Confirm" });
      expect(JSON.parse((await again.next((candidate) => candidate.event === "member")).data)).toMatchObject({ memberId: member.id, Result: "Confirm" });
    } finally {
      again.close();
    }
  }, 30_000);
});
