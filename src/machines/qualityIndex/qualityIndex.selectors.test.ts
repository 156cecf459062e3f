import { describe, expect, it } from "vitest";
import { qualityIndexCharts, qualityIndexTables, tableTotal, type QualityIndexReport } from "./qualityIndex.selectors";

const practice = (name: string, count: number) => ({ practice: name, practiceId: name.length, count });
const REPORT: QualityIndexReport = {
  weeklyleadStatus: [{ label: "Won", count: 5 }, { label: "Lost", count: 3 }],
  monthleadStatus: [{ label: "Won", count: 20 }, { label: "Lost", count: 10 }],
  qualityWon: [practice("A", 5)],
  qualityMonthWon: [practice("A", 12), practice("BB", 8)],
  qualityWonToday: [],
  qualityLost: [practice("A", 3)],
  qualityMonthLost: [practice("A", 10)],
  leadsMonth: [practice("A", 22), practice("BB", 8)],
  lostLeads: [{ reason: "No answer", count: 6 }, { reason: "Moved", count: 4 }],
  leadsConversion: [{ label: "Won", count: 20, percent: 40 }, { label: "Lost", count: 10, percent: 20 }, { label: "Open", count: 20, percent: 40 }],
  leadsConversionWeekly: [{ label: "Won", count: 5, percent: 50 }, { label: "Lost", count: 3, percent: 30 }, { label: "Open", count: 2, percent: 20 }],
  lostLeadsWeekly: [{ reason: "No answer", count: 3 }],
  sales_funnel: [
    { stage: "Lead", count: 50 },
    { stage: "Contacted", count: 40 },
    { stage: "Appointment Set", count: 30 },
    { stage: "Visited", count: 25 },
    { stage: "Won", count: 20 },
  ],
};

describe("quality index charts", () => {
  it("draws six pies and the funnel, each outcome in its own colour", () => {
    const charts = qualityIndexCharts(REPORT);
    expect(charts.map((c) => c.kind)).toEqual(["pie", "pie", "pie", "pie", "pie", "pie", "funnel"]);
    expect(charts[0]).toMatchObject({ title: "Won vs lost — this week", categories: ["Won", "Lost"], series: [{ values: [5, 3] }] });
    expect(charts[0]?.categoryColors?.[0]).not.toBe(charts[0]?.categoryColors?.[1]);
    expect(charts[3]).toMatchObject({ title: "Lost leads by reason — this month", categories: ["No answer", "Moved"] });
    expect(charts[5]?.series[0]?.values).toEqual([20, 10, 20]);
    expect(charts[6]).toMatchObject({ categories: ["Lead", "Contacted", "Appointment Set", "Visited", "Won"], series: [{ values: [50, 40, 30, 25, 20] }] });
  });

  it("lists the six practice tables of §2 with their totals", () => {
    const tables = qualityIndexTables(REPORT);
    expect(tables.map((t) => t.caption)).toEqual([
      "Leads won today",
      "Leads won this week",
      "Leads won month to date",
      "Leads lost this week",
      "Leads lost this month",
      "Leads completed this month by practice",
    ]);
    expect(tableTotal(tables[2]!.rows)).toBe(20);
    expect(tableTotal(tables[0]!.rows)).toBe(0);
  });
});
