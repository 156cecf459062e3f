// @vitest-environment node
// The work queue across two server instances on one PostgreSQL database: Next on each serves
// different members; a callback booked through one reaches a list open on the other; a callback
// coming due reaches the lists of both within a second (each instance tells its own).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { ADMIN_EMAIL, bearer, ENGINES, STAFF_EMAIL, startTestApp, type App, type TestApp } from "../../tests/support/testApp.ts";
import { loadConfig } from "../config.ts";
import { openDatabase, type DatabaseHandle } from "../db/connection.ts";
import { openEventStream, type EventStream } from "../../tests/support/testStream.ts";
import { moveCallbackDue } from "./callbacks.repository.ts";
import { clocksOf } from "./setting.ts";

async function post(baseUrl: string, path: string, token: string, body?: unknown) {
  const answer = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { ...bearer(token), ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // The answers read here: a ticket, Next's member, a booked callback.
  return { status: answer.status, body: (await answer.json()) as { ticket: string; id: number; member: { id: number } } };
}

async function stream(baseUrl: string, token: string): Promise<EventStream> {
  const ticket = await post(baseUrl, "/events/ticket", token);
  return openEventStream(`${baseUrl}/events?ticket=${ticket.body.ticket}`);
}

const callbackOf = (events: EventStream, memberId: number, change: string, timeoutMs?: number) =>
  events.next((event) => event.event === "callback" && JSON.parse(event.data).memberId === memberId && JSON.parse(event.data).change === change, timeoutMs);

describe.runIf(ENGINES.includes("postgres"))("the work queue on two instances of one PostgreSQL database", () => {
  let first: TestApp;
  let second: App;
  let secondDatabase: DatabaseHandle;
  let urls: [string, string];
  // The real clock: instances started one after the other with DEMO_CLOCK_START would each start
  // their calendar at that instant, seconds apart. So the test runs at any hour, and calls at any
  // hour: outside calling hours Next would rightly serve nobody.
  const ANY_HOUR = { QUEUE_CALLING_HOURS: "00:00-24:00" };
  const tomorrowAtTen = `${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}T16:00:00.000Z`;

  beforeAll(async () => {
    first = await startTestApp({ engine: "postgres", env: ANY_HOUR });
    secondDatabase = await openDatabase({ url: first.url });
    second = await buildApp({ config: loadConfig({ NODE_ENV: "test", ...ANY_HOUR }), database: secondDatabase });
    urls = [`${await first.app.listen({ port: 0, host: "127.0.0.1" })}/api`, `${await second.listen({ port: 0, host: "127.0.0.1" })}/api`];
  }, 180_000);
  afterAll(async () => {
    await second?.close();
    await secondDatabase?.close();
    await first?.close();
  });

  it("serves agents pressing Next at once on both instances different members", async () => {
    // Ten agents, ten people: one person's two sessions share that person's claims.
    const users = await first.database.db.selectFrom("users").select("email").orderBy("id").limit(10).execute();
    expect(users).toHaveLength(10);
    const tokens = await Promise.all(users.map((user) => first.sessionOf(user.email)));
    const served = await Promise.all(tokens.map((token, index) => post(urls[index % 2]!, "/queue/next", token)));
    const ids = served.map((answer) => answer.body.member.id);
    expect(new Set(ids).size).toBe(10);
  }, 30_000);

  it("relays a booking through one instance to a list on the other, and tells both lists when it comes due", async () => {
    const agent = await first.sessionOf(STAFF_EMAIL);
    const [onFirst, onSecond] = [await stream(urls[0], await first.sessionOf(ADMIN_EMAIL)), await stream(urls[1], await first.sessionOf(ADMIN_EMAIL))];
    try {
      const member = await first.database.db.selectFrom("members").innerJoin("member_work", "member_work.member_id", "members.id").select("members.id as id").where("member_work.result", "=", "").orderBy("members.id", "desc").limit(1).executeTakeFirstOrThrow();
      const booked = await post(urls[0], "/callbacks", agent, { memberId: member.id, dueAt: tomorrowAtTen });
      expect(booked.status).toBe(201);
      expect(JSON.parse((await callbackOf(onSecond, member.id, "booked")).data).callback).toEqual(booked.body);
      await moveCallbackDue(first.database.db, booked.body.id, clocksOf(first.app.services).now, first.app.services.config.queue.callbackGraceMs);
      const started = Date.now();
      await Promise.all([callbackOf(onFirst, member.id, "due", 1500), callbackOf(onSecond, member.id, "due", 1500)]);
      expect(Date.now() - started).toBeLessThan(1500);
    } finally {
      onFirst.close();
      onSecond.close();
    }
  }, 30_000);
});
