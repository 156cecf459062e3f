import { describe, expect, it } from "vitest";
import { leadDateToIso, leadPeriodBounds, leadPeriodsOf, toLeadDate, type LeadDataRequest } from "./leadData.ts";

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
    expect(leadDateToIso("01-01-0000")).toBeNull();
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

describe("the client's side of the request", () => {
  it("writes the lead report's MM-dd-yyyy dates", () => {
    expect(toLeadDate("2026-03-04")).toBe("03-04-2026");
  });

  it("gives the standard period bounds of the day it is in Chicago", () => {
    expect(leadPeriodBounds(new Date("2026-11-22T18:00:00Z"))).toEqual({
      today: "11-22-2026",
      yesterday: "11-21-2026",
      weekStart: "11-16-2026",
      lastWeekStart: "11-09-2026",
      lastWeekEnd: "11-15-2026",
      monthStart: "11-01-2026",
      lastMonth: "10-01-2026",
      lastMonthEnd: "10-31-2026",
    });
  });
});
