// @vitest-environment node
// The reports narrowed to a campaign read its kept summaries (migration 0051): call starts and saves
// per campaign, day and user, saves per campaign, quarter and result. On fixed work around Chicago's
// midnight: only the rows carrying the campaign count, an insert counts at its commit, a deleted
// campaign's counts go back to zero, and a change of the server's time zone counts the days again.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/connection.ts";
import { freshTestDatabase, insertPracticeGroup, MEMBER } from "../../tests/support/reportsFixtureB.ts";
import { callsByHour } from "../reports/contactData.repository.ts";
import { keepActivityInTimeZone } from "./activityTimeZone.repository.ts";
import { callActivityReport } from "./callActivity.repository.ts";

const CHICAGO = "America/Chicago";
const KOLKATA = "Asia/Kolkata";
const caller = { userId: 1, username: "caller@example.test", firstname: "Cal", lastname: "Ler" };

let database: DatabaseHandle;
let campaign: number;
let other: number;

const newCampaign = async (name: string) =>
  (await database.db.insertInto("campaigns").values({ name, starts_on: "2026-11-01", ends_on: "2026-12-31" }).returning("id").executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  database = await freshTestDatabase();
  await insertPracticeGroup(database.db);
  await keepActivityInTimeZone(database.db, CHICAGO);
  campaign = await newCampaign("Recare");
  other = await newCampaign("New patients");
  // Chicago is UTC-6 in November: 2026-11-16 runs from 06:00Z to 06:00Z the next day.
  await database.db
    .insertInto("call_starts")
    .values([
      { member_id: MEMBER.m1, user_id: 1, started_at: "2026-11-16T12:00:00Z", campaign_id: campaign },
      { member_id: MEMBER.m2, user_id: 1, started_at: "2026-11-16T20:00:00Z", campaign_id: campaign }, // the 17th in Kolkata
      { member_id: MEMBER.m3, user_id: 1, started_at: "2026-11-16T13:00:00Z", campaign_id: other },
      { member_id: MEMBER.m3, user_id: 1, started_at: "2026-11-16T14:00:00Z" },
    ])
    .execute();
  await database.db
    .insertInto("results")
    .values([
      { member_id: MEMBER.m1, user_id: 1, result: "Appointment Made", created_at: "2026-11-16T12:05:00Z", campaign_id: campaign },
      { member_id: MEMBER.m2, user_id: 1, result: "No answer", created_at: "2026-11-16T20:05:00Z", campaign_id: campaign },
      { member_id: MEMBER.m3, user_id: 1, result: "Confirm", created_at: "2026-11-16T13:05:00Z", campaign_id: other },
      { member_id: MEMBER.m3, user_id: 1, result: "Confirm", created_at: "2026-11-16T14:05:00Z" },
    ])
    .execute();
}, 60_000);
afterAll(async () => {
  await database?.close();
});

const activity = (startDate: string, endDate: string, of = campaign, timeZone = CHICAGO) => callActivityReport(database.db, { startDate, endDate }, timeZone, of);
const day = { today: { startDate: "2026-11-16", endDate: "2026-11-16" } };

describe("the reports narrowed to a campaign", () => {
  it("count only the call starts and saves that carried the campaign", async () => {
    expect(await activity("2026-11-16", "2026-11-16")).toEqual([{ ...caller, callsStarted: 2, resultsSaved: 2 }]);
    expect(await activity("2026-11-16", "2026-11-16", other)).toEqual([{ ...caller, callsStarted: 1, resultsSaved: 1 }]);
    expect(await callActivityReport(database.db, day.today, CHICAGO)).toEqual([{ ...caller, callsStarted: 4, resultsSaved: 4 }]);
    // 12:05Z is 6 in the morning in Chicago, 20:05Z 2 in the afternoon.
    expect(await callsByHour(database.db, day, CHICAGO, campaign)).toEqual([
      { period: "today", hour: 6, contacted: 1, notContacted: 0, appointments: 1 },
      { period: "today", hour: 14, contacted: 0, notContacted: 1, appointments: 0 },
    ]);
  });

  it("counts an insert at its commit, and nothing of a rolled back one", async () => {
    await database.db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto("results").values({ member_id: MEMBER.m4, user_id: 1, result: "Confirm", created_at: "2026-11-16T12:10:00Z", campaign_id: campaign }).execute();
        expect(await callActivityReport(trx, day.today, CHICAGO, campaign)).toEqual([{ ...caller, callsStarted: 2, resultsSaved: 2 }]);
        throw new Error("roll back");
      })
      .catch((error: Error) => expect(error.message).toBe("roll back"));
    expect(await activity("2026-11-16", "2026-11-16")).toEqual([{ ...caller, callsStarted: 2, resultsSaved: 2 }]);
  });

  it("counts every day again when the server's time zone changes", async () => {
    await keepActivityInTimeZone(database.db, KOLKATA);
    // In Kolkata (UTC+5:30) the 16th runs from 2026-11-15T18:30Z to 2026-11-16T18:30Z.
    expect(await activity("2026-11-16", "2026-11-16", campaign, KOLKATA)).toEqual([{ ...caller, callsStarted: 1, resultsSaved: 1 }]);
    expect(await activity("2026-11-17", "2026-11-17", campaign, KOLKATA)).toEqual([{ ...caller, callsStarted: 1, resultsSaved: 1 }]);
    await keepActivityInTimeZone(database.db, CHICAGO);
    expect(await activity("2026-11-16", "2026-11-16")).toEqual([{ ...caller, callsStarted: 2, resultsSaved: 2 }]);
  });

  it("takes a deleted campaign's work back to nothing", async () => {
    await database.db.deleteFrom("campaigns").where("id", "=", other).execute();
    expect(await activity("2026-11-16", "2026-11-16", other)).toEqual([]);
    expect(await callsByHour(database.db, day, CHICAGO, other)).toEqual([]);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from results where campaign_id is null`.execute(database.db);
    expect(rows[0]!.n).toBe(2);
  });
});
