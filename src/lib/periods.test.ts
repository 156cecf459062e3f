import { describe, expect, it } from "vitest";
import {
  currentMonth,
  fromLeadDate,
  leadPeriodBounds,
  monthLabel,
  mondayOf,
  offeredMonths,
  qualityIndexPeriods,
  standardPeriods,
  toLeadDate,
  zonedToday,
} from "./periods";

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

describe("quality index periods (America/Chicago, weeks Monday to Sunday)", () => {
  it("gives today, yesterday, 30 and 7 days back, the month start and this week's Monday..Sunday", () => {
    // Wednesday 18 November 2026, 10:00 in Chicago.
    expect(qualityIndexPeriods(new Date("2026-11-18T16:00:00Z"))).toEqual({
      d1: "2026-11-18",
      d2: "2026-11-18",
      yesterday1: "2026-11-17",
      yesterday2: "2026-11-17",
      thirty: "2026-10-19",
      seven: "2026-11-11",
      thisMonth: "2026-11-01",
      weekStart: "2026-11-16",
      weekEnd: "2026-11-22",
    });
  });

  it("counts a Sunday in the week that began the Monday before", () => {
    const periods = qualityIndexPeriods(new Date("2026-11-22T18:00:00Z"));
    expect([periods.weekStart, periods.weekEnd]).toEqual(["2026-11-16", "2026-11-22"]);
  });

  it("starts a new week on Monday", () => {
    const periods = qualityIndexPeriods(new Date("2026-11-23T15:00:00Z"));
    expect([periods.weekStart, periods.weekEnd]).toEqual(["2026-11-23", "2026-11-29"]);
  });

  it("takes the day in Chicago, not in UTC: 02:00 UTC on the 1st is still the last day of the month before", () => {
    const periods = qualityIndexPeriods(new Date("2026-12-01T02:00:00Z"));
    expect(periods.d1).toBe("2026-11-30");
    expect(periods.thisMonth).toBe("2026-11-01");
    expect(periods.yesterday1).toBe("2026-11-29");
  });

  it("crosses month and year boundaries: a week and yesterday reach into the month and year before", () => {
    // Friday 1 January 2027.
    const periods = qualityIndexPeriods(new Date("2027-01-01T18:00:00Z"));
    expect(periods).toMatchObject({
      d1: "2027-01-01",
      yesterday1: "2026-12-31",
      thisMonth: "2027-01-01",
      weekStart: "2026-12-28",
      weekEnd: "2027-01-03",
      seven: "2026-12-25",
      thirty: "2026-12-02",
    });
  });

  it("is not shifted by a DST change (Chicago springs forward on 8 March 2026)", () => {
    const periods = qualityIndexPeriods(new Date("2026-03-09T05:30:00Z")); // 00:30 CDT, Monday
    expect(periods).toMatchObject({ d1: "2026-03-09", yesterday1: "2026-03-08", weekStart: "2026-03-09", weekEnd: "2026-03-15" });
  });

  it("handles a leap day", () => {
    const periods = qualityIndexPeriods(new Date("2028-03-01T18:00:00Z"));
    expect(periods.yesterday1).toBe("2028-02-29");
  });
});

describe("New Patient Origin months", () => {
  it("offers the last 24 months, this month first", () => {
    const months = offeredMonths(new Date("2026-11-16T15:00:00Z"));
    expect(months).toHaveLength(24);
    expect(months[0]).toBe("2026-11");
    expect(months[1]).toBe("2026-10");
    expect(months[10]).toBe("2026-01");
    expect(months[11]).toBe("2025-12");
    expect(months[23]).toBe("2024-12");
    expect(new Set(months).size).toBe(24);
  });

  it("defaults to the current month in Chicago (late evening of the 31st is not yet next month)", () => {
    const lateOctoberInChicago = new Date("2026-11-01T03:00:00Z");
    expect(zonedToday(lateOctoberInChicago)).toBe("2026-10-31");
    expect(currentMonth(lateOctoberInChicago)).toBe("2026-10");
    expect(offeredMonths(lateOctoberInChicago)[0]).toBe("2026-10");
  });

  it("names a month for people", () => {
    expect(monthLabel("2026-02")).toBe("February 2026");
  });
});
