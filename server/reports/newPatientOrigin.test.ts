// @vitest-environment node
// The new patient origin report on six fixed first visits, every count, share and CSV row worked
// out by hand: months are whole calendar months (the 1st and the 30th in, the 31st of the month
// before out), practices and brands filter, and the months offered follow the Chicago calendar.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { components } from "../../contract/schema.d.ts";
import type { DatabaseHandle } from "../db/connection.ts";
import { newPatientOriginHandlers } from "./newPatientOrigin.handlers.ts";
import { firstVisitsInBatches, type OriginFilter } from "./newPatientOrigin.repository.ts";
import { callOf, freshTestDatabase, insertPracticeGroup, MEMBER, PRACTICE, servicesAt } from "../../tests/support/reportsFixtureB.ts";

type Query = components["schemas"]["NewPatientOriginQuery"];

const { bTwo, aOne, aLow } = PRACTICE;
const VISITS = [
  { member_id: MEMBER.m1, practice_id: bTwo, pat_num: "P100", first_visit_date: "2026-11-01", origin: "Website", result: "Appointment Made" },
  { member_id: MEMBER.m4, practice_id: bTwo, pat_num: "P104", first_visit_date: "2026-11-30", origin: "Website", result: "No answer" },
  { member_id: MEMBER.m2, practice_id: aOne, pat_num: "P200", first_visit_date: "2026-11-15", origin: "Referral", result: "Confirm" },
  { member_id: MEMBER.m3, practice_id: aLow, pat_num: "P300", first_visit_date: "2026-10-31", origin: "Website", result: "Transfer" },
  { member_id: MEMBER.m1, practice_id: bTwo, pat_num: "P101", first_visit_date: "2026-12-01", origin: "Google", result: "" },
  { member_id: MEMBER.m4, practice_id: bTwo, pat_num: "P099", first_visit_date: "2026-11-01", origin: "Google", result: "" },
];

let database: DatabaseHandle;
beforeAll(async () => {
  database = await freshTestDatabase();
  await insertPracticeGroup(database.db);
  await database.db.insertInto("first_visits").values(VISITS).execute();
}, 60_000);
afterAll(async () => {
  await database?.close();
});

const origin = (query: Query, now = "2026-11-16T18:00:00Z") =>
  callOf(newPatientOriginHandlers.getNewPatientOriginReport, { query: { params: JSON.stringify(query) }, services: servicesAt(database.db, now) });
/** The CSV's rows, read two at a time so that every batch boundary is crossed; each batch is ordered after the one before. */
async function firstVisitRows(filter: OriginFilter) {
  const rows = [];
  for await (const batch of firstVisitsInBatches(database.db, filter, 2)) {
    expect(batch.length).toBeLessThanOrEqual(2);
    rows.push(...batch.map(({ practice, patNum, firstVisitDate, result }) => ({ practice, patNum, firstVisitDate, result })));
  }
  return rows;
}
const share = (practice: string, practiceId: number, count: number, percent: number) => ({ practice, practiceId, count, percent });

describe("the new patient origin report", () => {
  it("counts one month's first visits by source and practice, most first, ties by name; the CSV rows are the export's", async () => {
    const body = await origin({ practice: [], brand: "all", date: ["2026-11"] });
    expect(body.total).toEqual({ count: 4, sources: 3 });
    expect(body.sources).toEqual([
      { source: "Website", count: 2, percent: 50, practices: [share("B-Two", bTwo, 2, 100)] },
      { source: "Google", count: 1, percent: 25, practices: [share("B-Two", bTwo, 1, 100)] },
      { source: "Referral", count: 1, percent: 25, practices: [share("A-One", aOne, 1, 100)] },
    ]);
    expect(Object.keys(body).sort()).toEqual(["sources", "total"]);
    expect(await firstVisitRows({ months: ["2026-11"], practiceIds: [], brand: "all" })).toEqual([
      { practice: "A-One", patNum: "P200", firstVisitDate: "2026-11-15", result: "Confirm" },
      { practice: "B-Two", patNum: "P099", firstVisitDate: "2026-11-01", result: "" },
      { practice: "B-Two", patNum: "P100", firstVisitDate: "2026-11-01", result: "Appointment Made" },
      { practice: "B-Two", patNum: "P104", firstVisitDate: "2026-11-30", result: "No answer" },
    ]);
  });

  it("keeps the members of one brand, over two months, practices tied by code point", async () => {
    const body = await origin({ practice: [], brand: "denta", date: ["2026-11", "2026-10"] });
    expect(body.sources).toEqual([{ source: "Website", count: 2, percent: 100, practices: [share("B-Two", bTwo, 1, 50), share("a-low", aLow, 1, 50)] }]);
    const rows = await firstVisitRows({ months: ["2026-11", "2026-10"], practiceIds: [], brand: "denta" });
    expect(rows.map((visit) => visit.patNum)).toEqual(["P100", "P300"]);
  });

  it("keeps the chosen practices only", async () => {
    const body = await origin({ practice: [aOne, aLow], brand: "all", date: ["2026-10", "2026-11"] });
    expect(body.sources).toEqual([
      { source: "Referral", count: 1, percent: 50, practices: [share("A-One", aOne, 1, 100)] },
      { source: "Website", count: 1, percent: 50, practices: [share("a-low", aLow, 1, 100)] },
    ]);
  });

  it("answers nothing, not an error, for a month without first visits", async () => {
    expect(await origin({ practice: [], brand: "all", date: ["2025-01"] })).toEqual({ sources: [], total: { count: 0, sources: 0 } });
  });

  it("refuses months outside this month and the 23 before, naming each by its place", async () => {
    await expect(origin({ practice: [], brand: "all", date: ["2026-11", "2024-11", "2026-12"] })).rejects.toMatchObject({
      statusCode: 400,
      details: [
        { field: "params.date.1", message: expect.any(String) },
        { field: "params.date.2", message: expect.any(String) },
      ],
    });
  });

  it("offers the months of the Chicago calendar: at 03:00 UTC on 1 December it is still November", async () => {
    const now = "2026-12-01T03:00:00Z";
    await expect(origin({ practice: [], brand: "all", date: ["2026-12"] }, now)).rejects.toMatchObject({ statusCode: 400 });
    expect((await origin({ practice: [], brand: "all", date: ["2024-12"] }, now)).total.count).toBe(0);
  });
});
