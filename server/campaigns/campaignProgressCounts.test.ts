// @vitest-environment node
// A campaign's progress is read from counts kept as its results are saved (migration 0052): members
// called, reached and given each result, in all, by agent and by day, and its attempts. On fixed
// saves of two agents over two days, every figure worked out by hand; a save counts at its commit,
// a deleted save is counted again from the history, and the appointments follow the result the
// campaign counts as its appointment. What counts as reached is the code's list, which the
// database reads from a table written at every start (migration 0061).
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BLANK_RESULT, CONTACTED_RESULTS, RESULT_OPTIONS } from "../../domain/vocabulary.ts";
import { writeReferenceData } from "../db/referenceData.ts";
import type { DatabaseHandle } from "../db/connection.ts";
import { freshTestDatabase, insertPracticeGroup, MEMBER } from "../../tests/support/reportsFixtureB.ts";
import { keepActivityInTimeZone } from "../usage/activityTimeZone.repository.ts";
import { campaignDayCounts, campaignWork } from "./campaignProgress.repository.ts";

const CHICAGO = "America/Chicago";
let database: DatabaseHandle;
let campaign: number;

const counted = (appointmentResult = "Appointment Made") => ({ id: campaign, appointmentResult });
const work = async (appointmentResult?: string) => (await campaignWork(database.db, [counted(appointmentResult)])).get(campaign)!;
const cal = { userId: 1, firstname: "Cal", lastname: "Ler" };
const sec = { userId: 2, firstname: "Sec", lastname: "Ond" };

beforeAll(async () => {
  database = await freshTestDatabase();
  await insertPracticeGroup(database.db);
  await database.db.insertInto("users").values({ id: 2, email: "second@example.test", firstname: "Sec", lastname: "Ond", default_page: "/members", password_hash: null }).execute();
  await keepActivityInTimeZone(database.db, CHICAGO);
  campaign = (await database.db.insertInto("campaigns").values({ name: "Recare", starts_on: "2026-11-01", ends_on: "2026-12-31" }).returning("id").executeTakeFirstOrThrow()).id;
  const save = (member: number, user: number, result: string, at: string) => ({ member_id: member, user_id: user, result, created_at: at, campaign_id: campaign });
  // Chicago is UTC-6 in November: the 16th runs from 06:00Z.
  await database.db
    .insertInto("results")
    .values([
      save(MEMBER.m1, 1, "No answer", "2026-11-16T15:00:00Z"),
      save(MEMBER.m1, 1, "Appointment Made", "2026-11-17T15:00:00Z"),
      save(MEMBER.m2, 1, "Left message", "2026-11-16T16:00:00Z"),
      save(MEMBER.m2, 2, "Contact Made Call Back", "2026-11-17T16:00:00Z"),
      save(MEMBER.m3, 2, "", "2026-11-17T17:00:00Z"),
      { member_id: MEMBER.m4, user_id: 2, result: "Confirm", created_at: "2026-11-17T17:00:00Z" },
    ])
    .execute();
}, 60_000);
afterAll(async () => {
  await database?.close();
});

describe("a campaign's kept progress", () => {
  it("counts members, not saves, in all, by agent and by day, and attempts without Blank", async () => {
    expect(await work()).toEqual({
      called: 3,
      reached: 2,
      appointments: 1,
      attempts: 4,
      callbacksOpen: 0,
      byAgent: [
        { ...cal, called: 2, reached: 1, appointments: 1 },
        { ...sec, called: 2, reached: 1, appointments: 0 },
      ],
    });
    const days = await campaignDayCounts(database.db, counted(), { from: "2026-11-15", to: "2026-11-17" }, CHICAGO);
    expect(days.sort((a, b) => a.day.localeCompare(b.day))).toEqual([
      { day: "2026-11-16", called: 2, reached: 0, appointments: 0, callbacks: 0 },
      { day: "2026-11-17", called: 3, reached: 2, appointments: 1, callbacks: 0 },
    ]);
  });

  it("reads the appointments of the result the campaign counts as its appointment", async () => {
    expect(await work("Contact Made Call Back")).toMatchObject({ appointments: 1, byAgent: [{ ...cal, appointments: 0 }, { ...sec, appointments: 1 }] });
    expect(await work("Reschedule")).toMatchObject({ appointments: 0 });
  });

  it("counts an open callback once when its booker saved a result in the campaign for the member before booking it, and no other", async () => {
    const booked = (member: number, by: number, at: string, status: "open" | "closed" = "open") => ({ member_id: member, booked_by: by, owner_id: by, booked_at: at, due_at: "2026-11-20T15:00:00Z", status });
    await database.db
      .insertInto("callbacks")
      .values([
        // After two of the booker's results in the campaign: counted once.
        booked(MEMBER.m1, 1, "2026-11-17T16:00:00Z"),
        // Before the booker's own result there (another agent's came earlier): not counted.
        booked(MEMBER.m2, 2, "2026-11-17T10:00:00Z"),
        // Closed: not counted.
        booked(MEMBER.m3, 2, "2026-11-17T18:00:00Z", "closed"),
        // After a result saved outside the campaign: not counted.
        booked(MEMBER.m4, 2, "2026-11-17T18:00:00Z"),
      ])
      .execute();
    expect((await work()).callbacksOpen).toBe(1);
    const days = await campaignDayCounts(database.db, counted(), { from: "2026-11-17", to: "2026-11-17" }, CHICAGO);
    expect(days.map((day) => day.callbacks)).toEqual([2]);
    await database.db.deleteFrom("callbacks").execute();
  });

  it("counts a save at its commit, nothing of a rolled back one, and a deleted save's campaign again", async () => {
    await database.db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto("results").values({ member_id: MEMBER.m4, user_id: 1, result: "Confirm", created_at: "2026-11-17T18:00:00Z", campaign_id: campaign }).execute();
        throw new Error("roll back");
      })
      .catch((error: Error) => expect(error.message).toBe("roll back"));
    expect(await work()).toMatchObject({ called: 3, reached: 2, attempts: 4 });
    await database.db.insertInto("results").values({ member_id: MEMBER.m4, user_id: 1, result: "Confirm", created_at: "2026-11-17T18:00:00Z", campaign_id: campaign }).execute();
    expect(await work()).toMatchObject({ called: 4, reached: 3, attempts: 5 });
    await database.db.deleteFrom("results").where("campaign_id", "=", campaign).where("result", "=", "Appointment Made").execute();
    expect(await work()).toMatchObject({ called: 4, reached: 2, appointments: 0, attempts: 4, byAgent: [{ ...cal, called: 3, reached: 1, appointments: 0 }, { ...sec }] });
  });
});

describe("the results a campaign counts as reached", () => {
  it("are the code's, for every result a save can hold", async () => {
    const results = [...RESULT_OPTIONS, BLANK_RESULT];
    const { rows } = await sql<{ result: string; reached: boolean }>`
      select r as result, 'reached' = any(campaign_progress_kinds(r)) as reached from unnest(${results}::text[]) r`.execute(database.db);
    const reached = (result: string) => (CONTACTED_RESULTS as readonly string[]).includes(result);
    expect(rows.map((row) => [row.result, row.reached])).toEqual(results.map((result) => [result, reached(result)]));
  });

  it("follow the code again at the next start when the database holds another list, and every campaign is counted again by it", async () => {
    const kept = await work();
    // A database left with another list: the campaign's members called and left a message counted as reached.
    await database.db.deleteFrom("contacted_results").execute();
    await database.db.insertInto("contacted_results").values({ result: "Left message" }).execute();
    await sql`select campaign_progress_count_again(null)`.execute(database.db);
    expect((await work()).reached).toBe(1);

    await writeReferenceData(database.db);
    const held = await database.db.selectFrom("contacted_results").select("result").execute();
    expect(held.map((row) => row.result).sort()).toEqual([...CONTACTED_RESULTS].sort());
    expect(await work()).toEqual(kept);
  });
});
