import { describe, expect, it } from "vitest";
import type { QualityIndexRequest } from "../../domain/reports/qualityIndex.ts";
import { qualityIndexReport } from "./qualityIndex";
import { lead, PRACTICES } from "../../tests/support/mockReportRecords";

// Wednesday 18 November 2026 in Chicago.
const REQUEST: QualityIndexRequest = {
  d1: "2026-11-18",
  d2: "2026-11-18",
  yesterday1: "2026-11-17",
  yesterday2: "2026-11-17",
  thirty: "2026-10-19",
  seven: "2026-11-11",
  thisMonth: "2026-11-01",
  weekStart: "2026-11-16",
  weekEnd: "2026-11-22",
};
const won = (practiceId: number, closedAt: string, createdAt = "2026-10-20T15:00:00Z") =>
  lead({ practiceId, outcome: "won", stage: "Won", createdAt, closedAt });
const lost = (practiceId: number, closedAt: string, lostReason: string, createdAt = "2026-10-20T15:00:00Z") =>
  lead({ practiceId, outcome: "lost", stage: "Contacted", lostReason, createdAt, closedAt });

describe("qualityIndexReport", () => {
  const leads = [
    won(1, "2026-11-18T15:00:00Z"), // today
    won(2, "2026-11-16T15:00:00Z"), // this week
    won(2, "2026-11-17T15:00:00Z"),
    won(3, "2026-11-05T15:00:00Z"), // this month, before this week
    won(3, "2026-10-30T15:00:00Z"), // last month
    lost(1, "2026-11-17T15:00:00Z", "Moved"),
    lost(1, "2026-11-03T15:00:00Z", "Not interested"),
    lost(2, "2026-11-04T15:00:00Z", "Not interested"),
    lost(2, "2026-11-19T05:30:00Z", "Moved"), // 23:30 on Wednesday in Chicago: still today
  ];
  const report = qualityIndexReport(leads, PRACTICES, REQUEST);

  it("counts leads won and lost this week and this month to date, Won first", () => {
    expect(report.weeklyleadStatus).toEqual([
      { label: "Won", count: 3 },
      { label: "Lost", count: 2 },
    ]);
    expect(report.monthleadStatus).toEqual([
      { label: "Won", count: 4 },
      { label: "Lost", count: 4 },
    ]);
  });

  it("lists won and lost by practice, most first, practices without any left out", () => {
    expect(report.qualityWonToday).toEqual([{ practice: "SM-HOUS", practiceId: 1, count: 1 }]);
    expect(report.qualityWon).toEqual([
      { practice: "FS-LARE", practiceId: 2, count: 2 },
      { practice: "SM-HOUS", practiceId: 1, count: 1 },
    ]);
    expect(report.qualityMonthWon.map((row) => [row.practice, row.count])).toEqual([
      ["FS-LARE", 2],
      ["BPD-DALL", 1],
      ["SM-HOUS", 1],
    ]);
    expect(report.qualityLost.map((row) => [row.practice, row.count])).toEqual([
      ["FS-LARE", 1],
      ["SM-HOUS", 1],
    ]);
    expect(report.leadsMonth.map((row) => [row.practice, row.count])).toEqual([
      ["FS-LARE", 4],
      ["SM-HOUS", 3],
      ["BPD-DALL", 1],
    ]);
  });

  it("counts lost reasons this month and this week, most first, then by reason", () => {
    expect(report.lostLeads).toEqual([
      { reason: "Moved", count: 2 },
      { reason: "Not interested", count: 2 },
    ]);
    expect(report.lostLeadsWeekly).toEqual([{ reason: "Moved", count: 2 }]);
  });

  it("shares the outcome of the leads entered in the period, Won, Lost, Open", () => {
    const entered = [
      lead({ createdAt: "2026-11-16T15:00:00Z", outcome: "won", stage: "Won", closedAt: "2026-11-17T15:00:00Z" }),
      lead({ createdAt: "2026-11-10T15:00:00Z", outcome: "lost", stage: "Appointment Set", lostReason: "Moved", closedAt: "2026-11-12T15:00:00Z" }),
      lead({ createdAt: "2026-11-17T15:00:00Z", stage: "Contacted" }),
    ];
    const shares = qualityIndexReport(entered, PRACTICES, REQUEST);
    expect(shares.leadsConversion).toEqual([
      { label: "Won", count: 1, percent: 33.3 },
      { label: "Lost", count: 1, percent: 33.3 },
      { label: "Open", count: 1, percent: 33.3 },
    ]);
    expect(shares.leadsConversionWeekly).toEqual([
      { label: "Won", count: 1, percent: 50 },
      { label: "Lost", count: 0, percent: 0 },
      { label: "Open", count: 1, percent: 50 },
    ]);
    expect(shares.sales_funnel).toEqual([
      { stage: "Lead", count: 3 },
      { stage: "Contacted", count: 3 },
      { stage: "Appointment Set", count: 2 },
      { stage: "Visited", count: 1 },
      { stage: "Won", count: 1 },
    ]);
  });

  it("answers all 13 keys with zeros and empty lists when there are no leads", () => {
    const empty = qualityIndexReport([], PRACTICES, REQUEST);
    expect(Object.keys(empty)).toHaveLength(13);
    expect(empty.weeklyleadStatus).toEqual([
      { label: "Won", count: 0 },
      { label: "Lost", count: 0 },
    ]);
    expect(empty.qualityWon).toEqual([]);
    expect(empty.leadsConversion.map((slice) => slice.percent)).toEqual([0, 0, 0]);
    expect(empty.sales_funnel.every((stage) => stage.count === 0)).toBe(true);
  });
});
