import { describe, expect, it } from "vitest";
import { openHours, toIsoInstant, zonedDaysAround } from "./zonedDays.ts";

describe("zonedDaysAround", () => {
  it("lists the Chicago days around today with their first instant, across the autumn DST change", () => {
    const days = zonedDaysAround(new Date("2026-11-03T03:00:00Z"), 3, 1); // 2 November, 21:00 CST
    expect(days.map((day) => day.date)).toEqual(["2026-10-30", "2026-10-31", "2026-11-01", "2026-11-02", "2026-11-03"]);
    expect(days.map((day) => new Date(day.start).toISOString())).toEqual([
      "2026-10-30T05:00:00.000Z",
      "2026-10-31T05:00:00.000Z",
      "2026-11-01T05:00:00.000Z",
      "2026-11-02T06:00:00.000Z",
      "2026-11-03T06:00:00.000Z",
    ]);
    expect(days.map((day) => day.weekday)).toEqual([5, 6, 0, 1, 2]);
  });
});

describe("openHours", () => {
  const day = zonedDaysAround(new Date("2026-11-16T15:00:00Z"), 0)[0]!; // Monday, 09:00 CST

  it("is the whole window at any hour; today's moments are packed, in their order, into what has passed", () => {
    const window = openHours(day, 7, 20, Date.parse("2026-11-16T15:00:00Z"));
    expect(window).toMatchObject({ from: Date.parse("2026-11-16T13:00:00Z"), to: Date.parse("2026-11-17T02:00:00Z") });
    expect(window.place(window.from)).toBe(window.from);
    expect(window.place(Date.parse("2026-11-16T19:30:00Z"))).toBe(Date.parse("2026-11-16T14:00:00Z")); // half the day: half of what has passed
    expect(window.place(window.to - 1)).toBeLessThan(Date.parse("2026-11-16T15:00:00Z"));
  });

  it("places moments as drawn once the window has closed, and none before it opens", () => {
    const drawn = Date.parse("2026-11-16T19:30:00Z");
    expect(openHours(day, 7, 20, Date.parse("2026-11-17T03:00:00Z")).place(drawn)).toBe(drawn);
    expect(openHours(day, 10, 20, Date.parse("2026-11-16T15:00:00Z")).place(Date.parse("2026-11-16T17:00:00Z"))).toBeNull();
  });
});

describe("toIsoInstant", () => {
  it("writes the same text as toISOString", () => {
    for (const instant of [0, 1, 999, 86_399_999, Date.parse("2026-11-16T15:04:05.067Z"), Date.parse("2024-02-29T23:59:59.999Z")]) {
      expect(toIsoInstant(instant)).toBe(new Date(instant).toISOString());
    }
    for (let instant = 1.7e12; instant < 1.7e12 + 5e9; instant += 7_777_777) {
      expect(toIsoInstant(instant)).toBe(new Date(instant).toISOString());
    }
  });
});
