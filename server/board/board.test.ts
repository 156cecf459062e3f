// @vitest-environment node
// The live board on the server, on both engines: each opening is audited with the members it
// shows; the streams open on an instance are recorded where every instance sees them, and a stream
// whose instance stopped refreshing it (a crash) is closed as of when it was last seen, which
// reaches the administrators' streams; on PostgreSQL, an agent's claim through one instance reaches
// an administrator's stream on another within 2 seconds, and so does an agent's sign-out.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { ADMIN_EMAIL, bearer, ENGINES, STAFF_EMAIL, startTestApp, type App, type TestApp } from "../../tests/support/testApp.ts";
import { findStaffByEmail } from "../auth/sessions.repository.ts";
import { loadConfig } from "../config.ts";
import { openDatabase, type DatabaseHandle } from "../db/connection.ts";
import { STREAM_STALE_MS } from "../events/presence.ts";
import { closeStaleStreams } from "../events/streams.repository.ts";
import { openEventStream, type EventStream } from "../../tests/support/testStream.ts";

describe.each(ENGINES)("the live board on %s", (engine) => {
  let server: TestApp;
  let baseUrl: string;
  let admin: string;
  let staff: string;
  let staffId: number;
  const open: EventStream[] = [];

  beforeAll(async () => {
    server = await startTestApp({ engine });
    baseUrl = `${await server.app.listen({ port: 0, host: "127.0.0.1" })}/api`;
    admin = await server.sessionOf(ADMIN_EMAIL);
    staff = await server.sessionOf(STAFF_EMAIL);
    staffId = (await findStaffByEmail(server.database.db, STAFF_EMAIL))!.id;
  }, 180_000);
  afterAll(async () => {
    for (const stream of open) stream.close();
    await server?.close();
  });

  const call = async (method: string, path: string, token: string, body?: unknown) => {
    const answer = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { ...bearer(token), ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
  };
  const listen = async (token: string) => {
    const ticket = await call("POST", "/events/ticket", token);
    const stream = await openEventStream(`${baseUrl}/events?ticket=${ticket.body.ticket as string}`);
    open.push(stream);
    return stream;
  };
  const auditRows = (action: string) =>
    server.database.db.selectFrom("audit_log").select(["user_id", "member_ids"]).where("action", "=", action).orderBy("id", "desc").limit(1).executeTakeFirst();

  it("audits each opening of the board with the members it shows, and each agent's day with its members", async () => {
    const member = await server.database.db.selectFrom("members").select("id").orderBy("id").limit(1).executeTakeFirstOrThrow();
    expect((await call("POST", "/Members/claims", staff, { memberId: member.id })).status).toBe(200);
    expect((await call("GET", "/board", admin)).status).toBe(200);
    const adminId = (await findStaffByEmail(server.database.db, ADMIN_EMAIL))!.id;
    expect(await auditRows("getLiveBoard")).toMatchObject({ user_id: adminId });
    expect((await auditRows("getLiveBoard"))!.member_ids).toContain(member.id);
    const day = await call("GET", `/board/agents/${staffId}/results`, admin);
    expect(day.status).toBe(200);
    const shown = [...new Set((day.body.results as { member: { id: number } }[]).map((result) => result.member.id))];
    expect((await auditRows("getAgentDay"))!.member_ids.sort()).toEqual(shown.sort());
  });

  it("closes a stream its instance stopped refreshing, as of when it was last seen, and tells administrators", async () => {
    const watching = await listen(admin);
    const { db } = server.database;
    const session = await db.selectFrom("sessions").select("id").where("user_id", "=", staffId).orderBy("created_at", "desc").limit(1).executeTakeFirstOrThrow();
    const lastSeen = new Date(Date.now() - STREAM_STALE_MS - 5_000);
    // A stream of an instance that crashed: open, and not refreshed since.
    await db.insertInto("live_streams").values({ id: randomUUID(), user_id: staffId, session_id: session.id, instance_id: randomUUID(), opened_at: lastSeen, seen_at: lastSeen }).execute();
    await closeStaleStreams(db, new Date(), STREAM_STALE_MS);
    const event = await watching.next((candidate) => candidate.event === "agent" && JSON.parse(candidate.data).userId === staffId, 2_000);
    const row = JSON.parse(event.data) as { connected: boolean; lastConnectedAt: string };
    expect(row.connected).toBe(false);
    expect(Date.parse(row.lastConnectedAt)).toBeGreaterThanOrEqual(lastSeen.getTime());
  });
});

describe.runIf(ENGINES.includes("postgres"))("the live board across two instances on one PostgreSQL database", () => {
  let first: TestApp;
  let second: App;
  let secondDatabase: DatabaseHandle;
  let urls: [string, string];

  beforeAll(async () => {
    first = await startTestApp({ engine: "postgres" });
    secondDatabase = await openDatabase({ url: first.url });
    second = await buildApp({ config: loadConfig({ NODE_ENV: "test" }), database: secondDatabase });
    urls = [`${await first.app.listen({ port: 0, host: "127.0.0.1" })}/api`, `${await second.listen({ port: 0, host: "127.0.0.1" })}/api`];
  }, 180_000);
  afterAll(async () => {
    await second?.close();
    await secondDatabase?.close();
    await first?.close();
  });

  it("sends an agent's claim through one instance to an administrator's stream on the other within 2 seconds", async () => {
    const admin = await first.sessionOf(ADMIN_EMAIL);
    const staff = await first.sessionOf(STAFF_EMAIL);
    const ticket = (await (await fetch(`${urls[1]}/events/ticket`, { method: "POST", headers: bearer(admin) })).json()) as { ticket: string };
    const watching = await openEventStream(`${urls[1]}/events?ticket=${ticket.ticket}`);
    try {
      const member = await first.database.db.selectFrom("members").select("id").orderBy("id", "desc").limit(1).executeTakeFirstOrThrow();
      const started = performance.now();
      const claimed = await fetch(`${urls[0]}/Members/claims`, { method: "POST", headers: { ...bearer(staff), "content-type": "application/json" }, body: JSON.stringify({ memberId: member.id }) });
      expect(claimed.status).toBe(200);
      const event = await watching.next((candidate) => candidate.event === "agent" && JSON.parse(candidate.data).state.name === "working", 2_000);
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(JSON.parse(event.data).claim.member.id).toBe(member.id);
    } finally {
      watching.close();
    }
  }, 30_000);

  it("shows an agent Offline on the other instance within 2 seconds of signing out, though another session of theirs stays valid", async () => {
    const admin = await first.sessionOf(ADMIN_EMAIL);
    const [desk, otherDesk] = [await first.sessionOf(STAFF_EMAIL), await first.sessionOf(STAFF_EMAIL)];
    const staffId = (await findStaffByEmail(first.database.db, STAFF_EMAIL))!.id;
    const ticketOf = async (url: string, token: string) => ((await (await fetch(`${url}/events/ticket`, { method: "POST", headers: bearer(token) })).json()) as { ticket: string }).ticket;
    const watching = await openEventStream(`${urls[0]}/events?ticket=${await ticketOf(urls[0], admin)}`);
    const agentStream = await openEventStream(`${urls[1]}/events?ticket=${await ticketOf(urls[1], desk)}`);
    const rowOf = (candidate: { event: string; data: string }) => (candidate.event === "agent" ? (JSON.parse(candidate.data) as { userId: number; state: { name: string } }) : undefined);
    try {
      await watching.next((candidate) => rowOf(candidate)?.userId === staffId && rowOf(candidate)?.state.name !== "offline", 5_000);
      const started = performance.now();
      expect((await fetch(`${urls[0]}/sessions`, { method: "DELETE", headers: bearer(desk) })).status).toBe(204);
      await watching.next((candidate) => rowOf(candidate)?.userId === staffId && rowOf(candidate)?.state.name === "offline", 2_000);
      expect(performance.now() - started).toBeLessThan(2_000);
      expect((await fetch(`${urls[1]}/sessions`, { headers: bearer(otherDesk) })).status).toBe(200);
    } finally {
      agentStream.close();
      watching.close();
    }
  }, 30_000);
});
