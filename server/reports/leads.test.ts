// @vitest-environment node
// The lead data report and the quality index on nine fixed leads, every expected count worked out
// by hand from the Chicago clock: entered or decided at Sunday 23:59 or Monday 00:00, on the last
// minute of October or the first of November.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { components } from "../../contract/schema.d.ts";
import type { DatabaseHandle } from "../db/connection.ts";
import type { LeadsTable } from "../db/database.ts";
import { leadDataHandlers } from "./leadData.handlers.ts";
import { qualityIndexHandlers } from "./qualityIndex.handlers.ts";
import { callOf, freshTestDatabase, insertPracticeGroup, PRACTICE, servicesAt } from "../../tests/support/reportsFixtureB.ts";

type Schemas = components["schemas"];
type Lead = Omit<LeadsTable, "id" | "source" | "source_id" | "created_at" | "closed_at"> & { id: number; created_at: string; closed_at: string | null };

const { bTwo, aOne, aLow } = PRACTICE;
const open = { outcome: "open", lost_reason: null, closed_at: null } as const;

/** Local times in Chicago in the comments: created → decided. */
const LEADS: Lead[] = [
  // Mon 16 Nov 00:00 → won Mon 16 Nov 00:00
  { id: 1, practice_id: bTwo, stage: "Won", created_at: "2026-11-16T06:00:00Z", outcome: "won", lost_reason: null, closed_at: "2026-11-16T06:00:00Z" },
  // Sun 15 Nov 23:59 → lost Sun 15 Nov 23:59
  { id: 2, practice_id: bTwo, stage: "Contacted", created_at: "2026-11-16T05:59:00Z", outcome: "lost", lost_reason: "Moved", closed_at: "2026-11-16T05:59:00Z" },
  // Sat 31 Oct 23:59 CDT → lost the same minute
  { id: 3, practice_id: aOne, stage: "Lead", created_at: "2026-11-01T04:59:00Z", outcome: "lost", lost_reason: "No answer", closed_at: "2026-11-01T04:59:00Z" },
  // Sun 1 Nov 00:00 CDT, still open
  { id: 4, practice_id: aOne, stage: "Appointment Set", created_at: "2026-11-01T05:00:00Z", ...open },
  // Mon 9 Nov 00:00 → lost Sun 22 Nov 23:59
  { id: 5, practice_id: aOne, stage: "Visited", created_at: "2026-11-09T06:00:00Z", outcome: "lost", lost_reason: "Moved", closed_at: "2026-11-23T05:59:00Z" },
  // Tue 17 Nov 00:00 → won Mon 23 Nov 00:00
  { id: 6, practice_id: aLow, stage: "Won", created_at: "2026-11-17T06:00:00Z", outcome: "won", lost_reason: null, closed_at: "2026-11-23T06:00:00Z" },
  // Wed 30 Sep 23:59 CDT → lost Mon 2 Nov 12:00
  { id: 7, practice_id: aLow, stage: "Visited", created_at: "2026-10-01T04:59:00Z", outcome: "lost", lost_reason: "Chose another dentist", closed_at: "2026-11-02T18:00:00Z" },
  // Tue 3 Nov 12:00 → won Mon 16 Nov 11:00
  { id: 8, practice_id: aLow, stage: "Won", created_at: "2026-11-03T18:00:00Z", outcome: "won", lost_reason: null, closed_at: "2026-11-16T17:00:00Z" },
  // Tue 10 Nov 09:00 → lost Mon 16 Nov 10:00
  { id: 9, practice_id: bTwo, stage: "Lead", created_at: "2026-11-10T15:00:00Z", outcome: "lost", lost_reason: "No answer", closed_at: "2026-11-16T16:00:00Z" },
];

let database: DatabaseHandle;
beforeAll(async () => {
  database = await freshTestDatabase();
  await insertPracticeGroup(database.db);
  await database.db
    .insertInto("leads")
    .values(LEADS.map((lead) => ({ ...lead, source: "Website" })))
    .execute();
}, 60_000);
afterAll(async () => {
  await database?.close();
});

const services = () => servicesAt(database.db, "2026-11-16T18:30:00Z");

describe("the lead data report", () => {
  const leadData = (body: Schemas["LeadDataRequest"]) => callOf(leadDataHandlers.getLeadDataReport, { body, services: services() });
  const periods: Schemas["LeadDataRequest"] = {
    mode: "periods",
    today: "11-16-2026",
    yesterday: "11-15-2026",
    weekStart: "11-16-2026",
    lastWeekStart: "11-09-2026",
    lastWeekEnd: "11-15-2026",
    monthStart: "11-01-2026",
    lastMonth: "10-01-2026",
    lastMonthEnd: "10-31-2026",
  };

  it("counts the leads entered per practice in the six periods, every practice in code point order", async () => {
    const body = await leadData(periods);
    expect(body.periods.map((period) => [period.key, period.startDate, period.endDate])).toEqual([
      ["today", "2026-11-16", "2026-11-16"],
      ["yesterday", "2026-11-15", "2026-11-15"],
      ["thisWeek", "2026-11-16", "2026-11-16"],
      ["lastWeek", "2026-11-09", "2026-11-15"],
      ["monthToDate", "2026-11-01", "2026-11-16"],
      ["lastMonth", "2026-10-01", "2026-10-31"],
    ]);
    expect(body.leadsEntered).toEqual([
      { location: "A-One", practiceId: aOne, counts: { today: 0, yesterday: 0, thisWeek: 0, lastWeek: 1, monthToDate: 2, lastMonth: 1 } },
      { location: "B-Two", practiceId: bTwo, counts: { today: 1, yesterday: 1, thisWeek: 1, lastWeek: 2, monthToDate: 3, lastMonth: 0 } },
      { location: "a-low", practiceId: aLow, counts: { today: 0, yesterday: 0, thisWeek: 0, lastWeek: 0, monthToDate: 1, lastMonth: 0 } },
    ]);
  });

  it("counts a custom range across a month boundary for one practice", async () => {
    const body = await leadData({ mode: "range", startDate: "10-31-2026", endDate: "11-01-2026", practice: String(aOne) });
    expect(body.periods).toEqual([{ key: "range", label: "Custom Range", startDate: "2026-10-31", endDate: "2026-11-01" }]);
    expect(body.leadsEntered).toEqual([{ location: "A-One", practiceId: aOne, counts: { range: 2 } }]);
  });

  it("answers no row for a practice id that does not exist", async () => {
    const body = await leadData({ mode: "range", startDate: "11-01-2026", endDate: "11-30-2026", practice: "99999999999" });
    expect(body.leadsEntered).toEqual([]);
  });

  it("refuses a range that runs backwards and a day that is not on the calendar, naming the field", async () => {
    await expect(leadData({ mode: "range", startDate: "11-16-2026", endDate: "11-15-2026", practice: "all" })).rejects.toMatchObject({
      statusCode: 400,
      details: [{ field: "endDate", message: expect.any(String) }],
    });
    await expect(leadData({ ...periods, lastMonthEnd: "02-30-2026" })).rejects.toMatchObject({
      statusCode: 400,
      details: [{ field: "lastMonthEnd", message: expect.any(String) }],
    });
    // PostgreSQL's calendar has no year 0.
    await expect(leadData({ mode: "range", startDate: "01-01-0000", endDate: "11-15-2026", practice: "all" })).rejects.toMatchObject({
      statusCode: 400,
      details: [{ field: "startDate", message: expect.any(String) }],
    });
  });
});

describe("the quality index", () => {
  const request: Schemas["QualityIndexRequest"] = {
    d1: "2026-11-16",
    d2: "2026-11-16",
    yesterday1: "2026-11-15",
    yesterday2: "2026-11-15",
    thirty: "2026-10-17",
    seven: "2026-11-09",
    thisMonth: "2026-11-01",
    weekStart: "2026-11-16",
    weekEnd: "2026-11-22",
  };

  it("answers the 13 keys from the leads decided and entered in today, this week and the month to date", async () => {
    const body = await callOf(qualityIndexHandlers.getQualityIndexReport, { body: request, services: services() });
    const practice = (abbr: string, practiceId: number, count: number) => ({ practice: abbr, practiceId, count });
    // Decided this week (Mon 16 00:00 – Sun 22 23:59): 1, 8 won; 9, 5 lost. Not 6 (Mon 23 00:00).
    expect(body.weeklyleadStatus).toEqual([
      { label: "Won", count: 2 },
      { label: "Lost", count: 2 },
    ]);
    // Decided 1–16 Nov: 1, 8 won; 2, 7, 9 lost. Not 3 (31 Oct 23:59).
    expect(body.monthleadStatus).toEqual([
      { label: "Won", count: 2 },
      { label: "Lost", count: 3 },
    ]);
    // A tie of one each: "B-Two" before "a-low" by code point.
    expect(body.qualityWon).toEqual([practice("B-Two", bTwo, 1), practice("a-low", aLow, 1)]);
    expect(body.qualityMonthWon).toEqual([practice("B-Two", bTwo, 1), practice("a-low", aLow, 1)]);
    expect(body.qualityWonToday).toEqual([practice("B-Two", bTwo, 1), practice("a-low", aLow, 1)]);
    expect(body.qualityLost).toEqual([practice("A-One", aOne, 1), practice("B-Two", bTwo, 1)]);
    expect(body.qualityMonthLost).toEqual([practice("B-Two", bTwo, 2), practice("a-low", aLow, 1)]);
    expect(body.leadsMonth).toEqual([practice("B-Two", bTwo, 3), practice("a-low", aLow, 2)]);
    expect(body.lostLeads).toEqual([
      { reason: "Chose another dentist", count: 1 },
      { reason: "Moved", count: 1 },
      { reason: "No answer", count: 1 },
    ]);
    expect(body.lostLeadsWeekly).toEqual([
      { reason: "Moved", count: 1 },
      { reason: "No answer", count: 1 },
    ]);
    // Entered 1–16 Nov: 1, 2, 4, 5, 8, 9 (not 3: 31 Oct 23:59; not 6: 17 Nov).
    expect(body.leadsConversion).toEqual([
      { label: "Won", count: 2, percent: 33.3 },
      { label: "Lost", count: 3, percent: 50 },
      { label: "Open", count: 1, percent: 16.7 },
    ]);
    // Entered this week: 1 and 6, both won.
    expect(body.leadsConversionWeekly).toEqual([
      { label: "Won", count: 2, percent: 100 },
      { label: "Lost", count: 0, percent: 0 },
      { label: "Open", count: 0, percent: 0 },
    ]);
    expect(body.sales_funnel).toEqual([
      { stage: "Lead", count: 6 },
      { stage: "Contacted", count: 5 },
      { stage: "Appointment Set", count: 4 },
      { stage: "Visited", count: 3 },
      { stage: "Won", count: 2 },
    ]);
  });

  it("answers empty lists and zero shares for a week with no leads", async () => {
    const body = await callOf(qualityIndexHandlers.getQualityIndexReport, {
      body: { ...request, weekStart: "2001-01-01", weekEnd: "2001-01-07" },
      services: services(),
    });
    expect(body.weeklyleadStatus).toEqual([
      { label: "Won", count: 0 },
      { label: "Lost", count: 0 },
    ]);
    expect([body.qualityWon, body.qualityLost, body.lostLeadsWeekly]).toEqual([[], [], []]);
    expect(body.leadsConversionWeekly.map((slice) => slice.percent)).toEqual([0, 0, 0]);
  });

  it("counts up to the last day of the calendar, and refuses a day of the year 0, naming it", async () => {
    const quality = (changes: Partial<Schemas["QualityIndexRequest"]>) =>
      callOf(qualityIndexHandlers.getQualityIndexReport, { body: { ...request, ...changes }, services: services() });
    // Every lead was entered and decided in this week of 2026 to 9999.
    const wide = await quality({ weekStart: "2026-01-01", weekEnd: "9999-12-31" });
    expect(wide.weeklyleadStatus).toEqual([
      { label: "Won", count: 3 },
      { label: "Lost", count: 5 },
    ]);
    await expect(quality({ thisMonth: "0000-12-01" })).rejects.toMatchObject({ statusCode: 400, details: [{ field: "thisMonth", message: expect.any(String) }] });
  });
});
