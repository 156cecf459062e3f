import { describe, expect, it } from "vitest";
import { fromLeadDate, leadPeriodBounds, mondayOf, standardPeriods, toLeadDate, zonedToday } from "./periods";

describe("report periods (America/Chicago, weeks Monday to Sunday)", () => {
  it("takes today's date in Chicago, not in UTC", () => {
    // 03:00 UTC on 17 November is still the 16th in Chicago (UTC-6).
    expect(zonedToday(new Date("2026-11-17T03:00:00Z"))).toBe("2026-11-16");
    expect(zonedToday(new Date("2026-11-17T06:00:00Z"))).toBe("2026-11-17");
  });

  it("starts a week on Monday, a Sunday belonging to the week before it", () => {
    expect(mondayOf("2026-11-16")).toBe("2026-11-16");
    expect(mondayOf("2026-11-22")).toBe("2026-11-16");
    expect(mondayOf("2026-11-23")).toBe("2026-11-23");
  });

  it("computes this week, last week, month to date and last month on a Sunday", () => {
    const p = standardPeriods(new Date("2026-11-22T18:00:00Z"));
    expect(p.today).toEqual({ startDate: "2026-11-22", endDate: "2026-11-22" });
    expect(p.yesterday).toEqual({ startDate: "2026-11-21", endDate: "2026-11-21" });
    expect(p.thisWeek).toEqual({ startDate: "2026-11-16", endDate: "2026-11-22" });
    expect(p.lastWeek).toEqual({ startDate: "2026-11-09", endDate: "2026-11-15" });
    expect(p.monthToDate).toEqual({ startDate: "2026-11-01", endDate: "2026-11-22" });
    expect(p.lastMonth).toEqual({ startDate: "2026-10-01", endDate: "2026-10-31" });
    expect(p.thisMonth).toEqual({ startDate: "2026-11-01", endDate: "2026-11-30" });
  });

  it("crosses month and year boundaries: 1 January, a Thursday", () => {
    const p = standardPeriods(new Date("2026-01-01T12:00:00Z"));
    expect(p.yesterday.startDate).toBe("2025-12-31");
    expect(p.thisWeek).toEqual({ startDate: "2025-12-29", endDate: "2026-01-01" });
    expect(p.lastWeek).toEqual({ startDate: "2025-12-22", endDate: "2025-12-28" });
    expect(p.monthToDate).toEqual({ startDate: "2026-01-01", endDate: "2026-01-01" });
    expect(p.lastMonth).toEqual({ startDate: "2025-12-01", endDate: "2025-12-31" });
  });

  it("knows leap years and the DST change (Chicago, 8 March 2026)", () => {
    const p = standardPeriods(new Date("2024-03-10T12:00:00Z"));
    expect(p.lastMonth).toEqual({ startDate: "2024-02-01", endDate: "2024-02-29" });
    const dst = standardPeriods(new Date("2026-03-09T05:30:00Z"));
    expect(dst.today.startDate).toBe("2026-03-09");
    expect(dst.thisWeek).toEqual({ startDate: "2026-03-09", endDate: "2026-03-09" });
    expect(dst.lastWeek).toEqual({ startDate: "2026-03-02", endDate: "2026-03-08" });
  });

  it("writes and reads the lead report's MM-dd-yyyy dates", () => {
    expect(toLeadDate("2026-03-04")).toBe("03-04-2026");
    expect(fromLeadDate("03-04-2026")).toBe("2026-03-04");
    expect(fromLeadDate("02-30-2026")).toBeNull();
    expect(fromLeadDate("2026-03-04")).toBeNull();
  });

  it("gives the lead data report's standard period bounds", () => {
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
