import { describe, expect, it } from "vitest";
import { leadPeriodsOf, type LeadDataRequest } from "../../domain/reports/leadData.ts";
import { leadDataReport } from "./leadData";
import { lead, PRACTICES } from "../../tests/support/mockReportRecords";

const PERIODS: LeadDataRequest = {
  mode: "periods",
  today: "11-18-2026",
  yesterday: "11-17-2026",
  weekStart: "11-16-2026",
  lastWeekStart: "11-09-2026",
  lastWeekEnd: "11-15-2026",
  monthStart: "11-01-2026",
  lastMonth: "10-01-2026",
  lastMonthEnd: "10-31-2026",
};

describe("leadDataReport", () => {
  const leads = [
    lead({ practiceId: 1, createdAt: "2026-11-18T15:00:00Z" }), // today
    lead({ practiceId: 1, createdAt: "2026-11-18T05:30:00Z" }), // 23:30 on the 17th in Chicago: yesterday
    lead({ practiceId: 2, createdAt: "2026-11-16T15:00:00Z" }), // this week
    lead({ practiceId: 2, createdAt: "2026-11-10T15:00:00Z" }), // last week
    lead({ practiceId: 2, createdAt: "2026-10-31T15:00:00Z" }), // last month
  ];
  const periods = (request: LeadDataRequest) => {
    const result = leadPeriodsOf(request);
    if (!("periods" in result)) throw new Error("valid periods expected");
    return result.periods;
  };

  it("counts leads entered per period and practice, every practice listed by location", () => {
    const report = leadDataReport(leads, PRACTICES, periods(PERIODS), "all");
    expect(report.leadsEntered.map((row) => row.location)).toEqual(["BPD-DALL", "FS-LARE", "SM-HOUS"]);
    expect(report.leadsEntered.find((row) => row.practiceId === 1)?.counts).toEqual({
      today: 1,
      yesterday: 1,
      thisWeek: 2,
      lastWeek: 0,
      monthToDate: 2,
      lastMonth: 0,
    });
    expect(report.leadsEntered.find((row) => row.practiceId === 2)?.counts).toMatchObject({ thisWeek: 1, lastWeek: 1, monthToDate: 2, lastMonth: 1 });
    expect(report.leadsEntered.find((row) => row.practiceId === 3)?.counts.monthToDate).toBe(0);
  });

  it("counts a range for the chosen practice only", () => {
    const range = periods({ mode: "range", startDate: "10-31-2026", endDate: "11-16-2026", practice: "2" });
    const report = leadDataReport(leads, PRACTICES, range, "2");
    expect(report.leadsEntered).toEqual([{ location: "FS-LARE", practiceId: 2, counts: { range: 3 } }]);
  });
});
