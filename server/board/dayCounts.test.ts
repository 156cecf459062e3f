// @vitest-environment node
// The live board's counts of the day come from a summary kept beside each save and call start
// (user_day_activity): after saves, call starts, a changed and a removed result on both sides of
// a midnight of the practice group's time zone, each agent's counts equal those counted from the
// history's own rows of the board's day.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, ENGINES, STAFF_EMAIL, startTestApp, type TestApp } from "../../tests/support/testApp.ts";
import { APPOINTMENT_MADE, CONTACTED_RESULTS } from "../../domain/vocabulary.ts";
import { boardAgentRows } from "./board.repository.ts";
import { boardClock } from "./board.ts";
import { recordCallStart } from "../members/calls.repository.ts";

describe.each(ENGINES)("the board's counts of the day on %s", (engine) => {
  let server: TestApp;
  let userId: number;
  let token: string;

  beforeAll(async () => {
    server = await startTestApp({ engine });
    userId = (await server.database.db.selectFrom("users").select("id").where("email", "=", STAFF_EMAIL).executeTakeFirstOrThrow()).id;
    token = await server.sessionOf(STAFF_EMAIL);
  }, 180_000);
  afterAll(() => server?.close());

  /** The day's counts from the history's rows, as the board counted them before its summary. */
  async function countedFromHistory(dayStart: Date, dayEnd: Date) {
    const { rows } = await sql<{ calls_started: number; results_saved: number; contacts: number; appointments: number }>`
      select (select count(*) from call_starts where user_id = ${userId} and started_at >= ${dayStart} and started_at < ${dayEnd})::int as calls_started,
        count(*)::int as results_saved, (count(*) filter (where result = any(${[...CONTACTED_RESULTS]}::text[])))::int as contacts,
        (count(*) filter (where result = ${APPOINTMENT_MADE}))::int as appointments
      from results where user_id = ${userId} and created_at >= ${dayStart} and created_at < ${dayEnd}`.execute(server.database.db);
    return rows[0]!;
  }

  async function onBoard(dayStart: Date, dayEnd: Date) {
    const window = { dayStart, dayEnd, now: new Date(), sessionsDayStart: new Date(0), staleBefore: new Date(), asOf: new Date() };
    const [row] = await boardAgentRows(server.database.db, window, [userId]);
    return { calls_started: row!.calls_started, results_saved: row!.results_saved, contacts: row!.contacts, appointments: row!.appointments };
  }

  it("counts a day of the practice group's zone exactly, across its midnights, after inserts, a change and a removal", async () => {
    const { db } = server.database;
    const { rows: zone } = await sql<{ start: Date; end: Date }>`
      select ('2026-06-10'::timestamp at time zone z.time_zone) as start, ('2026-06-11'::timestamp at time zone z.time_zone) as end
      from activity_time_zone z`.execute(db);
    const { start, end } = zone[0]!;
    const members = await db.selectFrom("members").select("id").orderBy("id").limit(4).execute();
    const at = (base: Date, ms: number) => new Date(base.getTime() + ms);
    const edges = [at(start, -1), start, at(start, 3_600_000), at(end, -1), end];
    // Several rows in one statement, and one a statement.
    await db
      .insertInto("results")
      .values(edges.map((created_at, index) => ({ member_id: members[index % 4]!.id, user_id: userId, result: [APPOINTMENT_MADE, "Transfer", "No answer", APPOINTMENT_MADE, "Confirm"][index]!, created_at })))
      .execute();
    for (const [index, startedAt] of edges.entries()) await recordCallStart(db, members[index % 4]!.id, userId, startedAt, startedAt);
    await db.insertInto("results").values({ member_id: members[0]!.id, user_id: userId, result: "Left message", created_at: at(start, 7_200_000) }).execute();
    await db.insertInto("results").values({ member_id: members[1]!.id, user_id: userId, result: APPOINTMENT_MADE, created_at: at(start, 10_800_000) }).execute();
    // A result changed to another that is not a contact, and one removed.
    await db.updateTable("results").set({ result: "No answer" }).where("user_id", "=", userId).where("created_at", "=", start).execute();
    await db.deleteFrom("results").where("user_id", "=", userId).where("created_at", "=", at(end, -1)).execute();

    const expected = await countedFromHistory(start, end);
    expect(expected).toEqual({ calls_started: 3, results_saved: 4, contacts: 1, appointments: 1 });
    expect(await onBoard(start, end)).toEqual(expected);
    // The days on either side.
    expect(await onBoard(at(start, -86_400_000), start)).toEqual(await countedFromHistory(at(start, -86_400_000), start));
    expect(await onBoard(end, at(end, 86_400_000))).toEqual(await countedFromHistory(end, at(end, 86_400_000)));
  }, 60_000);

  it("counts today's saves and call starts made over HTTP as the board's day holds them", async () => {
    const baseUrl = `${await server.app.listen({ port: 0, host: "127.0.0.1" })}/api`;
    const members = await server.database.db.selectFrom("members").select(["id", "subscriber_id", "pat_num", "practice_id"]).orderBy("id", "desc").limit(3).execute();
    for (const [index, member] of members.entries()) {
      const key = { sid: member.subscriber_id, patnum: member.pat_num, practice: member.practice_id, addLocation: "callCenter" };
      const saved = await fetch(`${baseUrl}/Members/saveResult`, {
        method: "POST",
        headers: { ...bearer(token), "content-type": "application/json" },
        body: JSON.stringify({ ...key, Result: [APPOINTMENT_MADE, "Transfer", "No answer"][index] }),
      });
      expect(saved.status).toBe(201);
      await recordCallStart(server.database.db, member.id, userId, new Date(), new Date());
    }
    const clock = boardClock(server.app.services);
    const [dayStart, dayEnd] = [new Date(clock.startsAt), new Date(clock.endsAt)];
    const expected = await countedFromHistory(dayStart, dayEnd);
    expect(expected.results_saved).toBeGreaterThanOrEqual(3);
    expect(await onBoard(dayStart, dayEnd)).toEqual(expected);
  }, 60_000);
});
