import { describe, expect, it } from "vitest";
import { qualityIndexLines, qualityIndexPeriods, qualityIndexProblems } from "./qualityIndex.ts";

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

describe("qualityIndexProblems", () => {
  it("names each day before the calendar's first", () => {
    const periods = qualityIndexPeriods(new Date("2026-11-18T16:00:00Z"));
    expect(qualityIndexProblems(periods)).toEqual([]);
    expect(qualityIndexProblems({ ...periods, d1: "0000-12-31", seven: "0000-01-01" })).toEqual([
      { field: "d1", message: "must be 0001-01-01 or later" },
      { field: "seven", message: "must be 0001-01-01 or later" },
    ]);
  });
});

describe("the quality index's tables side by side (its export)", () => {
  it("gives a line per practice in any table, by practice then id, 0 where a table leaves it out", () => {
    const none = { weeklyleadStatus: [], monthleadStatus: [], lostLeads: [], leadsConversion: [], leadsConversionWeekly: [], lostLeadsWeekly: [], sales_funnel: [] };
    const lines = qualityIndexLines({
      ...none,
      qualityWonToday: [{ practice: "SM-B", practiceId: 2, count: 1 }],
      qualityWon: [{ practice: "SM-B", practiceId: 2, count: 3 }, { practice: "FS-A", practiceId: 9, count: 2 }],
      qualityMonthWon: [],
      qualityLost: [{ practice: "SM-B", practiceId: 7, count: 4 }],
      qualityMonthLost: [],
      leadsMonth: [{ practice: "FS-A", practiceId: 9, count: 5 }],
    });
    const zero = { wonToday: 0, wonWeek: 0, wonMonth: 0, lostWeek: 0, lostMonth: 0, completedMonth: 0 };
    expect(lines).toEqual([
      { practice: "FS-A", practiceId: 9, counts: { ...zero, wonWeek: 2, completedMonth: 5 } },
      { practice: "SM-B", practiceId: 2, counts: { ...zero, wonToday: 1, wonWeek: 3 } },
      { practice: "SM-B", practiceId: 7, counts: { ...zero, lostWeek: 4 } },
    ]);
    expect(qualityIndexLines({ ...none, qualityWonToday: [], qualityWon: [], qualityMonthWon: [], qualityLost: [], qualityMonthLost: [], leadsMonth: [] })).toEqual([]);
  });
});
