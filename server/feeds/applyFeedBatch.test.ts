// @vitest-environment node
// The practices' data applied to a small practice group: a member's Status, last visit, next
// appointment and first visit follow its appointments; the same batch twice changes nothing; an
// older version of an appointment never overwrites a newer one; a patient no member has is kept and
// counted; an open callback closes once the practice booked. On PGlite, and on PostgreSQL 15 when
// DATABASE_URL_TEST is set.
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { openFixture, type Fixture } from "../../tests/support/importFixture.ts";
import type { AppointmentRecord, FeedBatch } from "../../domain/feeds/records.ts";
import { applyFeedBatch, type FeedRun } from "./applyFeedBatch.ts";
import { refreshMembers } from "../queue/queueState.repository.ts";
import { DEFAULT_QUEUE_RULES } from "../../domain/queue/rules.ts";

vi.setConfig({ testTimeout: 60_000 });

const NOW = new Date("2026-11-18T12:00:00Z");
const RUN: FeedRun = { now: NOW, action: "feed appointments APPTS.csv", groupZone: "America/Chicago" };

let fixture: Fixture;
beforeAll(async () => {
  fixture = await openFixture();
}, 60_000);
afterAll(() => fixture.close());

const member = (id: number, patNum: string) => ({
  id,
  company: "denta",
  subscriber_id: `S${id}`,
  pat_num: patNum,
  mco: "DentaQuest CHIP",
  first_name: "Ana",
  middle_name: "",
  last_name: `Member${id}`,
  practice_id: 1,
  address1: "1 Main St",
  city: "Houston",
  state: "TX",
  phone: "7135550100",
  date_of_birth: "2014-01-01",
  days_extracted: 1,
  entry_time: "2026-09-01T00:00:00Z",
});

beforeEach(async () => {
  const { db } = fixture.database;
  for (const table of ["callback_changes", "callbacks", "first_visits", "appointments", "results", "audit_log", "deleted_appointments", "treatment_priorities", "leads", "members"]) {
    await sql`delete from ${sql.table(table)}`.execute(db);
  }
  await db.insertInto("members").values([member(1, "100"), member(2, "200"), member(3, "300"), member(4, "400")]).execute();
  await db.updateTable("member_visits").set({ status: "Dropped Patient" }).where("member_id", "=", 3).execute();
  await db.updateTable("member_work").set({ result: "Appointment Made" }).where("member_id", "=", 4).execute();
});

const appointment = (aptNum: string, patNum: string, startsAt: string, status: AppointmentRecord["status"], changedAt = "2026-11-17T10:00:00Z"): AppointmentRecord => ({
  practiceId: 1,
  patNum,
  aptNum,
  startsAt: new Date(startsAt),
  status,
  isNewPatient: false,
  changedAt: new Date(changedAt),
});

const apply = (batch: FeedBatch) => fixture.database.db.transaction().execute((trx) => applyFeedBatch(trx, batch, RUN));
const membersNow = () =>
  fixture.database.db
    .selectFrom("member_visits")
    .select(["member_id as id", "status", sql<string | null>`to_char(last_visit, 'YYYY-MM-DD')`.as("lastVisit"), "next_apt"])
    .orderBy("member_id")
    .execute();

describe("the appointments feed", () => {
  it("sets Status, last visit and next appointment from the appointments, and leaves Dropped Patient alone", async () => {
    const applied = await apply({
      feed: "appointments",
      records: [
        appointment("1", "100", "2026-06-01T15:00:00Z", "Complete"),
        appointment("2", "100", "2026-12-01T15:00:00Z", "Scheduled"),
        appointment("3", "200", "2026-05-01T02:00:00Z", "Complete"),
        appointment("4", "300", "2026-12-02T15:00:00Z", "Scheduled"),
        appointment("5", "999", "2026-12-02T15:00:00Z", "Scheduled"),
        appointment("6", "400", "2026-12-03T15:00:00Z", "Scheduled"),
      ],
    });
    expect(applied).toMatchObject({ written: 6, unmatched: 1 });
    expect(await membersNow()).toEqual([
      { id: 1, status: "Recare Future Appointment", lastVisit: "2026-06-01", next_apt: new Date("2026-12-01T15:00:00Z") },
      // 2:00 UTC on 1 May is 30 April in Houston
      { id: 2, status: "Recare No Future Appointment", lastVisit: "2026-04-30", next_apt: null },
      { id: 3, status: "Dropped Patient", lastVisit: null, next_apt: new Date("2026-12-02T15:00:00Z") },
      { id: 4, status: "New Patient With Apt", lastVisit: null, next_apt: new Date("2026-12-03T15:00:00Z") },
    ]);
    const kept = await fixture.database.db.selectFrom("appointments").select("apt_num").where("pat_num", "=", "999").execute();
    expect(kept).toEqual([{ apt_num: "5" }]);
    const audit = await fixture.database.db.selectFrom("audit_log").select(["action", "member_ids", "user_id"]).execute();
    expect(audit).toEqual([{ action: "feed appointments APPTS.csv", member_ids: [1, 2, 3, 4], user_id: null }]);
  });

  it("changes nothing the second time, and never goes back to an older version", async () => {
    const batch: FeedBatch = { feed: "appointments", records: [appointment("1", "100", "2026-12-01T15:00:00Z", "Scheduled")] };
    await apply(batch);
    const again = await apply(batch);
    expect(again).toEqual({ written: 0, unmatched: 0, memberIds: [], closedCallbackIds: [] });
    const older = await apply({ feed: "appointments", records: [appointment("1", "100", "2026-12-01T15:00:00Z", "Broken", "2026-11-01T00:00:00Z")] });
    expect(older.written).toBe(0);
    const newer = await apply({ feed: "appointments", records: [appointment("1", "100", "2026-12-01T15:00:00Z", "Broken", "2026-11-18T00:00:00Z")] });
    expect(newer).toEqual({ written: 1, unmatched: 0, memberIds: [1], closedCallbackIds: [] });
    expect((await membersNow())[0]).toMatchObject({ status: "New Patient", next_apt: null });
    expect(await fixture.database.db.selectFrom("appointments").select("apt_num").execute()).toEqual([{ apt_num: "1" }]);
  });

  it("follows the patient an appointment left as well as the one it went to", async () => {
    await apply({ feed: "appointments", records: [appointment("1", "100", "2026-12-01T15:00:00Z", "Scheduled")] });
    const moved = await apply({ feed: "appointments", records: [appointment("1", "200", "2026-12-01T15:00:00Z", "Scheduled", "2026-11-18T00:00:00Z")] });
    expect(moved.memberIds).toEqual([1, 2]);
    expect((await membersNow()).slice(0, 2)).toEqual([
      { id: 1, status: "New Patient", lastVisit: null, next_apt: null },
      { id: 2, status: "New Patient With Apt", lastVisit: null, next_apt: new Date("2026-12-01T15:00:00Z") },
    ]);
  });

  it("gives a first visit credited to the call when the member's result was Appointment Made at the booking", async () => {
    const { db } = fixture.database;
    await db.insertInto("results").values({ member_id: 4, user_id: 1, result: "Appointment Made", created_at: "2026-10-01T15:00:00Z" }).execute();
    await db.insertInto("results").values({ member_id: 2, user_id: 1, result: "No answer", created_at: "2026-10-01T15:00:00Z" }).execute();
    await apply({
      feed: "appointments",
      records: [
        appointment("7", "400", "2026-11-10T15:00:00Z", "Complete", "2026-10-02T10:00:00Z"),
        appointment("8", "400", "2026-11-12T15:00:00Z", "Complete", "2026-10-02T10:00:00Z"),
        appointment("9", "200", "2026-11-11T15:00:00Z", "Complete", "2026-10-02T10:00:00Z"),
      ],
    });
    const visits = await db.selectFrom("first_visits").select(["member_id", sql<string>`to_char(first_visit_date, 'YYYY-MM-DD')`.as("date"), "origin", "result"]).orderBy("member_id").execute();
    expect(visits).toEqual([
      { member_id: 2, date: "2026-11-11", origin: "Practice", result: "No answer" },
      { member_id: 4, date: "2026-11-10", origin: "Call Center", result: "Appointment Made" },
    ]);
    await apply({ feed: "appointments", records: [], firstVisits: [{ practiceId: 1, patNum: "400", firstVisitDate: "2025-01-05" }] });
    const moved = await db.selectFrom("first_visits").select(sql<string>`to_char(first_visit_date, 'YYYY-MM-DD')`.as("date")).where("member_id", "=", 4).execute();
    expect(moved).toEqual([{ date: "2025-01-05" }]);
  });

  it("closes an open callback of a member booked at the practice, with no user and the reason", async () => {
    const { db } = fixture.database;
    const booked = { member_id: 1, booked_by: 1, owner_id: 1, booked_at: "2026-11-17T15:00:00Z", due_at: "2026-11-19T15:00:00Z" };
    await db.insertInto("callbacks").values(booked).execute();
    const applied = await apply({ feed: "appointments", records: [appointment("1", "100", "2026-12-01T15:00:00Z", "Scheduled")] });
    expect(applied.memberIds).toEqual([1]);
    expect(applied.closedCallbackIds).toEqual((await db.selectFrom("callbacks").select("id").execute()).map((row) => row.id));
    expect(await db.selectFrom("callbacks").select("status").execute()).toEqual([{ status: "closed" }]);
    expect(await db.selectFrom("callback_changes").select(["change", "user_id", "reason"]).execute()).toEqual([
      { change: "closed", user_id: null, reason: "Appointment booked at the practice" },
    ]);
  });
});

describe("the queue after the appointments feed", () => {
  it("stops serving a member booked at the practice, and serves it again once that appointment is broken", async () => {
    const setting = { rules: DEFAULT_QUEUE_RULES, groupZone: "America/Chicago" };
    await apply({ feed: "appointments", records: [appointment("1", "100", "2099-12-01T15:00:00Z", "Scheduled")] });
    const booked = await refreshMembers(fixture.database.db, [1, 2], setting, NOW);
    expect([booked.get(1)?.blocked, booked.get(2)?.blocked]).toEqual(["futureAppointment", null]);
    await apply({ feed: "appointments", records: [appointment("1", "100", "2099-12-01T15:00:00Z", "Broken", "2026-11-18T00:00:00Z")] });
    expect((await refreshMembers(fixture.database.db, [1], setting, NOW)).get(1)?.blocked).toBeNull();
  });
});

describe("the report feeds", () => {
  it("upsert deleted appointments, planned treatment and leads by the source's number, and remove treatment no longer planned", async () => {
    const { db } = fixture.database;
    const deleted: FeedBatch = {
      feed: "deleted-appointments",
      records: [{ practiceId: 1, patNum: "100", sourceId: "D1", patientName: "Ana Member1", appointmentAt: new Date("2026-11-20T15:00:00Z"), deletedAt: NOW, deletedBy: "Front desk", reason: "" }],
    };
    expect(await apply(deleted)).toEqual({ written: 1, unmatched: 0, memberIds: [], closedCallbackIds: [] });
    expect((await apply(deleted)).written).toBe(0);
    const planned = (priority: "P1" | "P2" | null): FeedBatch => ({ feed: "planned-treatment", records: [{ practiceId: 1, patNum: "555", sourceId: "T1", priority }] });
    expect(await apply(planned("P1"))).toEqual({ written: 1, unmatched: 1, memberIds: [], closedCallbackIds: [] });
    expect((await apply(planned("P1"))).written).toBe(0);
    await apply(planned("P2"));
    expect(await db.selectFrom("treatment_priorities").select("priority").execute()).toEqual([{ priority: "P2" }]);
    await apply(planned(null));
    expect(await db.selectFrom("treatment_priorities").select("priority").execute()).toEqual([]);
    const lead: FeedBatch = {
      feed: "leads",
      records: [{ practiceId: 2, sourceId: "L1", source: "Website", stage: "Won", outcome: "won", lostReason: null, createdAt: new Date("2026-11-01T10:00:00Z"), closedAt: NOW }],
    };
    expect((await apply(lead)).written).toBe(1);
    expect((await apply(lead)).written).toBe(0);
    expect(await db.selectFrom("leads").select(["source_id", "outcome"]).execute()).toEqual([{ source_id: "L1", outcome: "won" }]);
  });
});
