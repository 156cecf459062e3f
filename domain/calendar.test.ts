import { describe, expect, it } from "vitest";
import {
  addDays,
  isCalendarDate,
  lastMonths,
  mondayOf,
  monthEndOf,
  reportPeriods,
  startOfNextZonedDay,
  startOfZonedDay,
  toInstantRange,
  zonedDate,
  zonedHour,
} from "./calendar.ts";

const at = (iso: string) => new Date(iso).getTime();

describe("zonedDate", () => {
  it("is still yesterday in Chicago at 03:00 UTC", () => {
    expect(zonedDate(at("2026-11-17T03:00:00Z"))).toBe("2026-11-16");
  });

  it("turns to the next day at Chicago midnight, 06:00 UTC in winter and 05:00 UTC in summer", () => {
    expect(zonedDate(at("2026-11-17T05:59:59Z"))).toBe("2026-11-16");
    expect(zonedDate(at("2026-11-17T06:00:00Z"))).toBe("2026-11-17");
    expect(zonedDate(at("2026-07-01T04:59:59Z"))).toBe("2026-06-30");
    expect(zonedDate(at("2026-07-01T05:00:00Z"))).toBe("2026-07-01");
  });

  it("is New Year in UTC only, and another day in another zone", () => {
    expect(zonedDate(new Date("2026-01-01T05:30:00Z"))).toBe("2025-12-31");
    expect(zonedDate("2026-11-16T05:59:59Z", "Europe/Berlin")).toBe("2026-11-16");
  });
});

describe("calendar arithmetic", () => {
  it("starts the week on Monday, a Sunday belonging to the week before it", () => {
    expect(mondayOf("2026-11-16")).toBe("2026-11-16"); // a Monday
    expect(mondayOf("2026-11-22")).toBe("2026-11-16"); // its Sunday
    expect(mondayOf("2026-11-15")).toBe("2026-11-09");
  });

  it("crosses month and year ends", () => {
    expect(mondayOf("2026-01-01")).toBe("2025-12-29");
    expect(mondayOf("2026-03-01")).toBe("2026-02-23");
  });

  it("ends months on their last day, February of leap years included", () => {
    expect(monthEndOf("2026-02-10")).toBe("2026-02-28");
    expect(monthEndOf("2028-02-10")).toBe("2028-02-29");
    expect(monthEndOf("2026-12-31")).toBe("2026-12-31");
  });

  it("adds calendar days, unaffected by DST", () => {
    expect(addDays("2026-03-08", 1)).toBe("2026-03-09");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("knows which texts are days of the calendar", () => {
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(isCalendarDate("2026-02-29")).toBe(false);
    expect(isCalendarDate("2026-2-28")).toBe(false);
    expect(isCalendarDate("0000-01-01")).toBe(false);
    expect(isCalendarDate("0001-01-01")).toBe(true);
  });
});

describe("reportPeriods", () => {
  it("gives every period of a Monday in November", () => {
    expect(reportPeriods("2026-11-16")).toEqual({
      today: { startDate: "2026-11-16", endDate: "2026-11-16" },
      yesterday: { startDate: "2026-11-15", endDate: "2026-11-15" },
      thisWeek: { startDate: "2026-11-16", endDate: "2026-11-16" },
      wholeWeek: { startDate: "2026-11-16", endDate: "2026-11-22" },
      lastWeek: { startDate: "2026-11-09", endDate: "2026-11-15" },
      monthToDate: { startDate: "2026-11-01", endDate: "2026-11-16" },
      lastMonth: { startDate: "2026-10-01", endDate: "2026-10-31" },
      thisMonth: { startDate: "2026-11-01", endDate: "2026-11-30" },
    });
  });

  it("gives New Year's Day: last week, last month and yesterday in the year before", () => {
    const periods = reportPeriods("2026-01-01");
    expect(periods.yesterday.startDate).toBe("2025-12-31");
    expect(periods.thisWeek).toEqual({ startDate: "2025-12-29", endDate: "2026-01-01" });
    expect(periods.lastWeek).toEqual({ startDate: "2025-12-22", endDate: "2025-12-28" });
    expect(periods.lastMonth).toEqual({ startDate: "2025-12-01", endDate: "2025-12-31" });
  });

  it("gives a week that began in the month before, and last month ending on the 29th of a leap February", () => {
    const periods = reportPeriods("2028-03-01"); // a Wednesday
    expect(periods.thisWeek).toEqual({ startDate: "2028-02-28", endDate: "2028-03-01" });
    expect(periods.lastMonth).toEqual({ startDate: "2028-02-01", endDate: "2028-02-29" });
  });

  it("is still Sunday's periods late on Sunday evening in Chicago, although UTC is on Monday", () => {
    const periods = reportPeriods(zonedDate(at("2026-11-23T04:30:00Z"))); // Sunday 22 Nov, 22:30 CST
    expect(periods.today.startDate).toBe("2026-11-22");
    expect(periods.thisWeek).toEqual({ startDate: "2026-11-16", endDate: "2026-11-22" });
  });

  it("keeps the DST week's Monday as the start of this week", () => {
    expect(reportPeriods(zonedDate(at("2026-03-08T20:00:00Z"))).thisWeek).toEqual({ startDate: "2026-03-02", endDate: "2026-03-08" });
    expect(reportPeriods(zonedDate(at("2026-03-09T05:30:00Z"))).lastWeek).toEqual({ startDate: "2026-03-02", endDate: "2026-03-08" });
  });
});

describe("lastMonths", () => {
  it("lists this month and the ones before it, newest first, across a year boundary", () => {
    expect(lastMonths("2026-01-31", 3)).toEqual(["2026-01", "2025-12", "2025-11"]);
    const months = lastMonths("2026-11-16", 24);
    expect(months).toHaveLength(24);
    expect(months[10]).toBe("2026-01");
    expect(months.at(-1)).toBe("2024-12");
  });
});

describe("startOfZonedDay", () => {
  it("is Chicago midnight on both sides of the spring DST change", () => {
    expect(new Date(startOfZonedDay("2026-03-08")).toISOString()).toBe("2026-03-08T06:00:00.000Z");
    expect(new Date(startOfZonedDay("2026-03-09")).toISOString()).toBe("2026-03-09T05:00:00.000Z");
  });

  it("is Chicago midnight on both sides of the autumn DST change", () => {
    expect(new Date(startOfZonedDay("2026-11-01")).toISOString()).toBe("2026-11-01T05:00:00.000Z");
    expect(new Date(startOfZonedDay("2026-11-02")).toISOString()).toBe("2026-11-02T06:00:00.000Z");
  });

  it("is midnight of another zone when asked", () => {
    expect(new Date(startOfZonedDay("2026-11-16", "America/Los_Angeles")).toISOString()).toBe("2026-11-16T08:00:00.000Z");
    expect(new Date(startOfZonedDay("2026-07-16", "Europe/Berlin")).toISOString()).toBe("2026-07-15T22:00:00.000Z");
  });
});

describe("toInstantRange", () => {
  it("spans 167 hours for the week the clocks go forward (Mon 2 – Sun 8 March 2026)", () => {
    const range = toInstantRange({ startDate: "2026-03-02", endDate: "2026-03-08" });
    expect(new Date(range.from).toISOString()).toBe("2026-03-02T06:00:00.000Z");
    expect(new Date(range.to).toISOString()).toBe("2026-03-09T05:00:00.000Z");
    expect((range.to - range.from) / 3_600_000).toBe(167);
  });

  it("spans 169 hours for the week the clocks go back (Mon 26 Oct – Sun 1 Nov 2026)", () => {
    const range = toInstantRange({ startDate: "2026-10-26", endDate: "2026-11-01" });
    expect(new Date(range.from).toISOString()).toBe("2026-10-26T05:00:00.000Z");
    expect(new Date(range.to).toISOString()).toBe("2026-11-02T06:00:00.000Z");
    expect((range.to - range.from) / 3_600_000).toBe(169);
  });

  it("covers a one-day range as that whole day", () => {
    const range = toInstantRange({ startDate: "2026-11-16", endDate: "2026-11-16" });
    expect(range.to - range.from).toBe(24 * 3_600_000);
  });
});

describe("zonedHour", () => {
  it("gives the Chicago hour of an instant, in winter and in summer", () => {
    expect(zonedHour(at("2026-11-16T15:30:00Z"))).toBe(9);
    expect(zonedHour(at("2026-07-16T15:30:00Z"))).toBe(10);
    expect(zonedHour(at("2026-11-17T05:59:00Z"))).toBe(23);
  });

  it("follows the changes of the clocks: 2:00 never happens in spring, 1:00 twice in autumn", () => {
    expect(zonedHour(at("2026-03-08T07:59:00Z"))).toBe(1);
    expect(zonedHour(at("2026-03-08T08:00:00Z"))).toBe(3);
    expect(zonedHour(at("2026-11-01T06:30:00Z"))).toBe(1); // 01:30 CDT
    expect(zonedHour(at("2026-11-01T07:30:00Z"))).toBe(1); // 01:30 CST
    expect(zonedHour(at("2026-11-01T08:30:00Z"))).toBe(2);
  });
});

describe("startOfNextZonedDay", () => {
  it("steps 23 hours over the spring change, 25 over the autumn one, 24 otherwise", () => {
    const next = (date: string) => new Date(startOfNextZonedDay(startOfZonedDay(date))).toISOString();
    expect(next("2026-03-08")).toBe("2026-03-09T05:00:00.000Z");
    expect(next("2026-11-01")).toBe("2026-11-02T06:00:00.000Z");
    expect(next("2026-11-16")).toBe("2026-11-17T06:00:00.000Z");
  });
});
