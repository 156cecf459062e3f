// @vitest-environment node
// The call activity report sums the per-user, per-day summary (migration 0031): on fixed call
// starts and saves around Chicago's midnight, every count worked out by hand; the summary follows
// the history's inserts, updates, deletes and truncation in the same transaction, and a change of
// the server's time zone counts every day again in the new one.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/connection.ts";
import { freshTestDatabase, insertPracticeGroup, MEMBER } from "../../tests/support/reportsFixtureB.ts";
import { keepActivityInTimeZone } from "./activityTimeZone.repository.ts";
import { callActivityReport } from "./callActivity.repository.ts";

const CHICAGO = "America/Chicago";
const KOLKATA = "Asia/Kolkata";
const caller = { userId: 1, username: "caller@example.test", firstname: "Cal", lastname: "Ler" };
const second = { userId: 2, username: "second@example.test", firstname: "Sec", lastname: "Ond" };

let database: DatabaseHandle;
beforeAll(async () => {
  database = await freshTestDatabase();
  await insertPracticeGroup(database.db);
  await database.db.insertInto("users").values({ id: 2, email: second.username, firstname: "Sec", lastname: "Ond", default_page: "/members", password_hash: null }).execute();
  await keepActivityInTimeZone(database.db, CHICAGO);
  // Chicago is UTC-6 in November: 2026-11-16 runs from 06:00Z to 06:00Z the next day.
  await database.db
    .insertInto("call_starts")
    .values([
      { member_id: MEMBER.m1, user_id: 1, started_at: "2026-11-16T06:00:00Z" },
      { member_id: MEMBER.m2, user_id: 1, started_at: "2026-11-17T05:59:00Z" },
      { member_id: MEMBER.m3, user_id: 1, started_at: "2026-11-16T05:59:00Z" }, // the 15th
      { member_id: MEMBER.m1, user_id: 2, started_at: "2026-11-16T20:00:00Z" }, // the 17th in Kolkata (01:30)
    ])
    .execute();
  await database.db
    .insertInto("results")
    .values([
      { member_id: MEMBER.m1, user_id: 1, result: "No answer", created_at: "2026-11-16T12:00:00Z" },
      { member_id: MEMBER.m2, user_id: 2, result: "Confirm", created_at: "2026-11-16T21:00:00Z" }, // the 17th in Kolkata
      { member_id: MEMBER.m3, user_id: 2, result: "Confirm", created_at: "2026-11-17T06:00:00Z" }, // the 17th
    ])
    .execute();
}, 60_000);
afterAll(async () => {
  await database?.close();
});

const report = (startDate: string, endDate: string, timeZone = CHICAGO) => callActivityReport(database.db, { startDate, endDate }, timeZone);

/** The report over every day, counted from the history itself, for the summary to be compared with. */
async function countedFromHistory(timeZone: string) {
  const { rows } = await sql<{ user_id: number; calls: string; saves: string }>`
    select user_id, sum(calls) as calls, sum(saves) as saves from (
      select user_id, 1 as calls, 0 as saves from call_starts union all select user_id, 0, 1 from results) h
    group by user_id order by user_id`.execute(database.db);
  const summary = await database.db
    .selectFrom("user_day_activity")
    .groupBy("user_id")
    .having((eb) => eb.or([eb.fn.sum("calls_started"), eb.fn.sum("results_saved")].map((total) => eb(total, "<>", 0))))
    .select((eb) => ["user_id", eb.fn.sum<string>("calls_started").as("calls"), eb.fn.sum<string>("results_saved").as("saves")])
    .orderBy("user_id")
    .execute();
  expect(timeZone).toBe((await database.db.selectFrom("activity_time_zone").select("time_zone").executeTakeFirstOrThrow()).time_zone);
  return { history: rows.map((row) => [row.user_id, Number(row.calls), Number(row.saves)]), summary: summary.map((row) => [row.user_id, Number(row.calls), Number(row.saves)]) };
}

describe("the call activity report", () => {
  it("counts each user's call starts and saves inside the days of the range, most calls first", async () => {
    expect(await report("2026-11-16", "2026-11-16")).toEqual([
      { ...caller, callsStarted: 2, resultsSaved: 1 },
      { ...second, callsStarted: 1, resultsSaved: 1 },
    ]);
    expect(await report("2026-11-15", "2026-11-15")).toEqual([{ ...caller, callsStarted: 1, resultsSaved: 0 }]);
    expect(await report("2026-11-15", "2026-11-17")).toEqual([
      { ...caller, callsStarted: 3, resultsSaved: 1 },
      { ...second, callsStarted: 1, resultsSaved: 2 },
    ]);
    expect(await report("2026-11-18", "2026-11-30")).toEqual([]);
  });

  it("follows a save moved to another day or user, a deleted call start and a truncated history, in the same transaction", async () => {
    await database.db.transaction().execute(async (trx) => {
      // A save is never moved by the app; the summary is right even if one is.
      await sql`update results set user_id = 1, created_at = '2026-11-15T12:00:00Z' where member_id = ${MEMBER.m3}`.execute(trx);
      await trx.deleteFrom("call_starts").where("user_id", "=", 2).execute();
      // Inside the transaction, the summary already says so.
      expect(await callActivityReport(trx, { startDate: "2026-11-15", endDate: "2026-11-17" }, CHICAGO)).toEqual([
        { ...caller, callsStarted: 3, resultsSaved: 2 },
        { ...second, callsStarted: 0, resultsSaved: 1 },
      ]);
      throw new Error("roll back");
    }).catch((error: Error) => expect(error.message).toBe("roll back"));
    // Rolled back with the history.
    expect(await report("2026-11-15", "2026-11-17")).toEqual([
      { ...caller, callsStarted: 3, resultsSaved: 1 },
      { ...second, callsStarted: 1, resultsSaved: 2 },
    ]);
    const { history, summary } = await countedFromHistory(CHICAGO);
    expect(summary).toEqual(history);
  });

  it("counts every day again when the server's time zone changes, and refuses a time zone it does not count", async () => {
    await keepActivityInTimeZone(database.db, KOLKATA);
    // In Kolkata (UTC+5:30) the 16th runs from 2026-11-15T18:30Z to 2026-11-16T18:30Z.
    expect(await report("2026-11-16", "2026-11-16", KOLKATA)).toEqual([{ ...caller, callsStarted: 2, resultsSaved: 1 }]);
    expect(await report("2026-11-17", "2026-11-17", KOLKATA)).toEqual([
      { ...second, callsStarted: 1, resultsSaved: 2 },
      { ...caller, callsStarted: 1, resultsSaved: 0 },
    ]);
    await expect(report("2026-11-16", "2026-11-16", CHICAGO)).rejects.toThrow("call activity is counted in Asia/Kolkata, not America/Chicago");
    await keepActivityInTimeZone(database.db, CHICAGO);
    expect(await report("2026-11-15", "2026-11-15")).toEqual([{ ...caller, callsStarted: 1, resultsSaved: 0 }]);
  });

  it("is emptied with a truncated history", async () => {
    await sql`truncate call_starts, results cascade`.execute(database.db);
    expect(await report("2026-11-01", "2026-11-30")).toEqual([]);
  });
});
