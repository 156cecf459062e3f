import { describe, expect, it } from "vitest";
import { leadDataReport, leadDateToIso, leadPeriodsOf, type LeadDataRequest } from "./leadData";
import { lead, PRACTICES } from "./testRecords";

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

describe("leadDateToIso", () => {
  it("reads MM-dd-yyyy", () => {
    expect(leadDateToIso("03-04-2025")).toBe("2025-03-04");
    expect(leadDateToIso("02-29-2028")).toBe("2028-02-29");
  });

  it("refuses what is no day of the calendar, or another format", () => {
    expect(leadDateToIso("02-29-2026")).toBeNull();
    expect(leadDateToIso("13-01-2026")).toBeNull();
    expect(leadDateToIso("2026-11-18")).toBeNull();
  });
});

describe("leadPeriodsOf", () => {
  it("gives the six standard periods in order, as ISO dates", () => {
    const result = leadPeriodsOf(PERIODS);
    expect("periods" in result && result.periods).toEqual([
      { key: "today", label: "Today", startDate: "2026-11-18", endDate: "2026-11-18" },
      { key: "yesterday", label: "Yesterday", startDate: "2026-11-17", endDate: "2026-11-17" },
      { key: "thisWeek", label: "This Week", startDate: "2026-11-16", endDate: "2026-11-18" },
      { key: "lastWeek", label: "Last Week", startDate: "2026-11-09", endDate: "2026-11-15" },
      { key: "monthToDate", label: "Month to Date", startDate: "2026-11-01", endDate: "2026-11-18" },
      { key: "lastMonth", label: "Last Month", startDate: "2026-10-01", endDate: "2026-10-31" },
    ]);
  });

  it("names each field that is no calendar day, once", () => {
    expect(leadPeriodsOf({ ...PERIODS, today: "11-31-2026" })).toEqual({
      problems: [{ field: "today", message: "must be a day of the calendar as MM-dd-yyyy" }],
    });
  });

  it("refuses a range that ends before it starts, naming endDate", () => {
    expect(leadPeriodsOf({ mode: "range", startDate: "11-10-2026", endDate: "11-09-2026", practice: "all" })).toEqual({
      problems: [{ field: "endDate", message: "must not be before startDate" }],
    });
  });

  it("accepts a one-day range", () => {
    const result = leadPeriodsOf({ mode: "range", startDate: "11-10-2026", endDate: "11-10-2026", practice: "all" });
    expect("periods" in result && result.periods).toEqual([{ key: "range", label: "Custom Range", startDate: "2026-11-10", endDate: "2026-11-10" }]);
  });
});

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
