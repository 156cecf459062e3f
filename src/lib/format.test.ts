import { describe, expect, it } from "vitest";
import { formatCount, formatDate, formatElapsed, monthLabel, timeInState } from "./format";

describe("formatElapsed", () => {
  it.each([
    [0, "0 s"],
    [59, "59 s"],
    [60, "1 min 0 s"],
    [125, "2 min 5 s"],
    [3600, "60 min 0 s"],
  ])("shows %i seconds as %s", (seconds, shown) => {
    expect(formatElapsed(seconds)).toBe(shown);
  });
});

describe("monthLabel", () => {
  it("names a month for people", () => {
    expect(monthLabel("2026-02")).toBe("February 2026");
  });
});

describe("timeInState", () => {
  const startedAt = new Date("2026-11-28T13:08:00Z");
  it.each([
    [0, "00:00"],
    [425_000, "07:05"],
    [3_599_000, "59:59"],
    [3_600_000, "1:00:00"],
    [4_025_000, "1:07:05"],
    [3 * 3_600_000 - 1_000, "2:59:59"],
  ])("shows %i ms as a clock, %s", (elapsed, shown) => {
    expect(timeInState(elapsed, startedAt, "America/Chicago")).toBe(shown);
  });

  it("past three hours shows when it began, in the given time zone, never minutes past 99", () => {
    expect(timeInState(3 * 3_600_000, startedAt, "America/Chicago")).toMatch(/^since 7:08\sAM$/);
    expect(timeInState(955 * 60_000 + 12_000, startedAt, "America/Chicago")).toMatch(/^since 7:08\sAM$/);
  });

  it("never counts backwards", () => {
    expect(timeInState(-5_000, startedAt)).toBe("00:00");
  });
});

describe("formatCount", () => {
  it.each([
    [0, "0"],
    [999, "999"],
    [2261, "2,261"],
    [1_000_000, "1,000,000"],
  ])("writes %i as %s", (count, shown) => {
    expect(formatCount(count)).toBe(shown);
  });
});

describe("formatDate", () => {
  it("writes a calendar date in the app's US format", () => {
    expect(formatDate("2026-11-28")).toBe("11/28/2026");
    expect(formatDate(null)).toBe("");
  });
});
