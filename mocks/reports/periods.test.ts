import { describe, expect, it } from "vitest";
import {
  addDays,
  lastMonths,
  mondayOf,
  reportPeriods,
  startOfNextZonedDay,
  startOfZonedDay,
  toInstantRange,
  zonedDate,
  zonedHour,
} from "./periods";

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
});

describe("mondayOf", () => {
  it("starts the week on Monday", () => {
    expect(mondayOf("2026-11-16")).toBe("2026-11-16"); // a Monday
    expect(mondayOf("2026-11-22")).toBe("2026-11-16"); // its Sunday
    expect(mondayOf("2026-11-15")).toBe("2026-11-09"); // the Sunday before belongs to the week before
  });

  it("crosses month and year ends", () => {
    expect(mondayOf("2026-01-01")).toBe("2025-12-29");
    expect(mondayOf("2026-03-01")).toBe("2026-02-23");
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

describe("reportPeriods", () => {
  it("gives every period of a Monday afternoon in November", () => {
    expect(reportPeriods(at("2026-11-16T21:00:00Z"))).toEqual({
      today: { startDate: "2026-11-16", endDate: "2026-11-16" },
      yesterday: { startDate: "2026-11-15", endDate: "2026-11-15" },
      thisWeek: { startDate: "2026-11-16", endDate: "2026-11-16" },
      wholeWeek: { startDate: "2026-11-16", endDate: "2026-11-22" },
      lastWeek: { startDate: "2026-11-09", endDate: "2026-11-15" },
      monthToDate: { startDate: "2026-11-01", endDate: "2026-11-16" },
      lastMonth: { startDate: "2026-10-01", endDate: "2026-10-31" },
    });
  });

  it("is still Sunday's periods late on Sunday evening in Chicago, although UTC is on Monday", () => {
    const periods = reportPeriods(at("2026-11-23T04:30:00Z")); // Sunday 22 Nov, 22:30 CST
    expect(periods.today.startDate).toBe("2026-11-22");
    expect(periods.thisWeek).toEqual({ startDate: "2026-11-16", endDate: "2026-11-22" });
    expect(periods.yesterday.startDate).toBe("2026-11-21");
  });

  it("starts this month and yesterday in the month before on the 1st", () => {
    const periods = reportPeriods(at("2026-03-01T18:00:00Z"));
    expect(periods.monthToDate).toEqual({ startDate: "2026-03-01", endDate: "2026-03-01" });
    expect(periods.yesterday.startDate).toBe("2026-02-28");
    expect(periods.lastMonth).toEqual({ startDate: "2026-02-01", endDate: "2026-02-28" });
    expect(periods.lastWeek).toEqual({ startDate: "2026-02-16", endDate: "2026-02-22" });
  });

  it("takes last month across a year end, and a leap February", () => {
    expect(reportPeriods(at("2026-01-10T18:00:00Z")).lastMonth).toEqual({ startDate: "2025-12-01", endDate: "2025-12-31" });
    expect(reportPeriods(at("2028-03-05T18:00:00Z")).lastMonth).toEqual({ startDate: "2028-02-01", endDate: "2028-02-29" });
  });

  it("keeps the DST week's Monday as the start of this week", () => {
    const periods = reportPeriods(at("2026-03-08T20:00:00Z")); // Sunday, the day the clocks go forward
    expect(periods.thisWeek).toEqual({ startDate: "2026-03-02", endDate: "2026-03-08" });
  });
});

describe("lastMonths", () => {
  it("lists this month and the 23 before, newest first, in the group's time zone", () => {
    const months = lastMonths(at("2026-11-01T03:00:00Z"), 24); // still 31 October in Chicago
    expect(months).toHaveLength(24);
    expect(months[0]).toBe("2026-10");
    expect(months[1]).toBe("2026-09");
    expect(months[9]).toBe("2026-01");
    expect(months[10]).toBe("2025-12");
    expect(months[23]).toBe("2024-11");
  });
});

describe("zonedHour", () => {
  it("gives the Chicago hour of an instant, in winter and in summer", () => {
    expect(zonedHour(at("2026-11-16T15:30:00Z"))).toBe(9);
    expect(zonedHour(at("2026-07-16T15:30:00Z"))).toBe(10);
    expect(zonedHour(at("2026-11-17T05:59:00Z"))).toBe(23);
  });

  it("follows the autumn change: 01:00 happens twice on 1 November 2026", () => {
    expect(zonedHour(at("2026-11-01T06:30:00Z"))).toBe(1); // 01:30 CDT
    expect(zonedHour(at("2026-11-01T07:30:00Z"))).toBe(1); // 01:30 CST
    expect(zonedHour(at("2026-11-01T08:30:00Z"))).toBe(2);
  });
});

describe("addDays", () => {
  it("adds calendar days, unaffected by DST", () => {
    expect(addDays("2026-03-08", 1)).toBe("2026-03-09");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
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
