// @vitest-environment node
// The deleted appointments views on the small fixed practice group of tests/support/reportsFixtureA.ts
// and seven deletions around the end of daylight saving time in Chicago (2026-11-01 has 25 hours: it
// starts at 05:00Z, CDT, and ends at 06:00Z the next day, CST), against answers worked out by hand:
//   1 SM-B  2026-11-01T05:00:00Z  Nov 1 00:00 CDT  No show      P1 (member 1)
//   2 SM-B  2026-11-01T04:59:59Z  Oct 31 23:59 CDT No show
//   3 SM-B  2026-11-02T05:30:00Z  Nov 1 23:30 CST  ''           (Nov 2 with a fixed UTC-5)
//   4 SM-a  2026-11-02T06:00:00Z  Nov 2 00:00 CST  Rescheduled
//   5 FS-A  2026-11-01T12:00:00Z  Nov 1            Rescheduled  P8 (member 8)
//   6 SM-B  2026-11-01T15:00:00Z  Nov 1            Rescheduled  P6 (member 6, but of SM-a: not this patient)
//   7 SM-B  2026-11-01T15:00:00Z  Nov 1            No show      (same instant as 6: ties by id)
// Runs on PGlite, and on PostgreSQL 15 with DATABASE_URL_TEST.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/connection.ts";
import { deletedAppointmentsHandlers } from "./deletedAppointments.handlers.ts";
import { deletionsInBatches } from "./deletedAppointments.repository.ts";
import { callerFor, callOf, freshTestDatabase, insertPracticeGroup, PRACTICE, servicesAt, USER } from "../../tests/support/reportsFixtureA.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await freshTestDatabase();
  await insertPracticeGroup(database.db);
  const deletion = (id: number, practiceId: number, patNum: string, deletedAt: string, reason: string) => ({
    id,
    practice_id: practiceId,
    pat_num: patNum,
    patient_name: `Patient ${id}`,
    appointment_date: "2026-11-20T15:00:00Z",
    deleted_at: deletedAt,
    deleted_by: "frontdesk",
    reason,
  });
  await database.db
    .insertInto("deleted_appointments")
    .values([
      deletion(1, PRACTICE.smB, "P1", "2026-11-01T05:00:00Z", "No show"),
      deletion(2, PRACTICE.smB, "X2", "2026-11-01T04:59:59Z", "No show"),
      deletion(3, PRACTICE.smB, "X3", "2026-11-02T05:30:00Z", ""),
      deletion(4, PRACTICE.smLow, "X4", "2026-11-02T06:00:00Z", "Rescheduled"),
      deletion(5, PRACTICE.fsA, "P8", "2026-11-01T12:00:00Z", "Rescheduled"),
      deletion(6, PRACTICE.smB, "P6", "2026-11-01T15:00:00Z", "Rescheduled"),
      deletion(7, PRACTICE.smB, "X7", "2026-11-01T15:00:00Z", "No show"),
    ])
    .execute();
}, 60_000);
afterAll(() => database?.close());

const NOV_1 = { startDate: "2026-11-01", endDate: "2026-11-01" };
const NOW = "2026-11-16T15:00:00Z";
type Query = { startDate: string; endDate: string; region?: "all" | "SMD" | "FSD" | "OTD" | "3CD"; practice?: string; pageNum?: number; pageSize?: 15 | 50 | 100 | 1000 };

const byGroup = (query: Query) => callOf(deletedAppointmentsHandlers.getDeletedAppointmentsByGroup, { query, services: servicesAt(database.db, NOW) });
const summary = (query: Query) => callOf(deletedAppointmentsHandlers.getDeletedAppointmentsSummary, { query, services: servicesAt(database.db, NOW) });
const details = (query: Query, timeZone?: string) =>
  callOf(deletedAppointmentsHandlers.getDeletedAppointmentsDetails, {
    query,
    caller: callerFor(USER.id, USER.email),
    services: servicesAt(database.db, NOW, timeZone),
  });
const idsOf = async (query: Query, timeZone?: string) => (await details(query, timeZone)).rows.map((row) => row.id);
const group = (name: string, count: number, practices: number) => ({ group: name, count, practices });

describe("deleted appointments by group", () => {
  it("counts a day of 25 hours in the group's zone, every group listed alphabetically", async () => {
    expect(await byGroup(NOV_1)).toEqual([group("3CD", 0, 0), group("FSD", 1, 1), group("OTD", 0, 0), group("SMD", 4, 1)]);
    expect(await byGroup({ startDate: "2026-10-31", endDate: "2026-11-02" })).toEqual([
      group("3CD", 0, 0),
      group("FSD", 1, 1),
      group("OTD", 0, 0),
      group("SMD", 6, 2),
    ]);
  });

  it("keeps only the region asked for, and counts only the practice asked for while listing every group", async () => {
    expect(await byGroup({ ...NOV_1, region: "SMD" })).toEqual([group("SMD", 4, 1)]);
    expect(await byGroup({ startDate: "2026-11-01", endDate: "2026-11-02", practice: String(PRACTICE.smLow) })).toEqual([
      group("3CD", 0, 0),
      group("FSD", 0, 0),
      group("OTD", 0, 0),
      group("SMD", 1, 1),
    ]);
  });

  it("lists every group with 0 for a range without deletions", async () => {
    expect(await byGroup({ startDate: "2001-01-01", endDate: "2001-01-31" })).toEqual([group("3CD", 0, 0), group("FSD", 0, 0), group("OTD", 0, 0), group("SMD", 0, 0)]);
  });

  it("refuses a range that ends before it starts, naming endDate", async () => {
    await expect(byGroup({ startDate: "2026-11-02", endDate: "2026-11-01" })).rejects.toMatchObject({ statusCode: 400, details: [{ field: "endDate" }] });
  });
});

describe("deleted appointments by practice", () => {
  it("gives each practice with deletions its reasons, most first, then by reason", async () => {
    expect(await summary(NOV_1)).toEqual([
      { practice: "FS-A", practiceId: PRACTICE.fsA, region: "FSD", count: 1, byReason: [{ reason: "Rescheduled", count: 1 }] },
      {
        practice: "SM-B",
        practiceId: PRACTICE.smB,
        region: "SMD",
        count: 4,
        byReason: [
          { reason: "No show", count: 2 },
          { reason: "", count: 1 },
          { reason: "Rescheduled", count: 1 },
        ],
      },
    ]);
  });

  it("answers nothing for a practice without deletions, and for an id beyond any practice", async () => {
    expect(await summary({ ...NOV_1, practice: String(PRACTICE.otZ) })).toEqual([]);
    expect(await summary({ ...NOV_1, practice: "99999999999" })).toEqual([]);
    expect(await summary({ ...NOV_1, region: "OTD" })).toEqual([]);
  });
});

describe("deleted appointments one by one", () => {
  it("pages the day's deletions newest first, ties by id descending, with the count of all", async () => {
    const { count, rows } = await details(NOV_1);
    expect(count).toBe(5);
    expect(rows.map((row) => row.id)).toEqual([3, 7, 6, 5, 1]);
    expect(rows[0]).toEqual({
      id: 3,
      practice: "SM-B",
      practiceId: PRACTICE.smB,
      PatNum: "X3",
      patientName: "Patient 3",
      appointmentDate: "2026-11-20T15:00:00.000Z",
      deletedAt: "2026-11-02T05:30:00.000Z",
      deletedBy: "frontdesk",
      reason: "",
    });
    expect(await details({ ...NOV_1, pageNum: 2 })).toEqual({ count: 5, rows: [] });
    expect(await details({ ...NOV_1, pageNum: 2 ** 52 })).toEqual({ count: 5, rows: [] });
  });

  it("takes the days of the configured time zone", async () => {
    expect(await idsOf(NOV_1, "UTC")).toEqual([7, 6, 5, 1, 2]);
    expect(await idsOf({ startDate: "2026-11-02", endDate: "2026-11-02" })).toEqual([4]);
  });

  it("keeps only the region or practice asked for", async () => {
    expect(await idsOf({ ...NOV_1, region: "FSD" })).toEqual([5]);
    expect(await idsOf({ startDate: "2026-10-31", endDate: "2026-11-02", practice: String(PRACTICE.smB) })).toEqual([3, 7, 6, 1, 2]);
    expect(await details({ startDate: "2001-01-01", endDate: "2001-01-31" })).toEqual({ count: 0, rows: [] });
  });

  it("audits who saw which members: the patients of the page that are members of that practice", async () => {
    const before = await database.db.selectFrom("audit_log").select("id").execute();
    await details(NOV_1);
    const entries = await database.db
      .selectFrom("audit_log")
      .select(["user_id", "action", "member_ids", "address"])
      .where("id", "not in", before.length > 0 ? before.map((entry) => entry.id) : ["0"])
      .execute();
    expect(entries).toHaveLength(1);
    expect({ ...entries[0], member_ids: [...entries[0]!.member_ids].sort() }).toEqual({
      user_id: USER.id,
      action: "getDeletedAppointmentsDetails",
      member_ids: [1, 8],
      address: "127.0.0.1",
    });
  });

  it("reads every deletion in batches, each after the last one's time and id, in the order of the pages", async () => {
    const filters = { ...NOV_1, region: "all" as const, practiceId: undefined, timeZone: "America/Chicago" };
    const batches: number[][] = [];
    for await (const rows of deletionsInBatches(database.db, filters, 2)) batches.push(rows.map((row) => row.id));
    expect(batches).toEqual([[3, 7], [6, 5], [1]]);
    expect(batches.flat()).toEqual(await idsOf(NOV_1));
  });
});
