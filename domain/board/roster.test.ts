import { describe, expect, it } from "vitest";
import { NO_COUNTS } from "./dayCounts.ts";
import { boardDay, byAgentName, dayBounds, isOnBoard, listName } from "./roster.ts";

describe("who is on the board", () => {
  it("takes every member of staff, and an administrator only once they called or saved today", () => {
    expect(isOnBoard({ isAdmin: false }, NO_COUNTS)).toBe(true);
    expect(isOnBoard({ isAdmin: true }, NO_COUNTS)).toBe(false);
    expect(isOnBoard({ isAdmin: true }, { ...NO_COUNTS, callsStarted: 1 })).toBe(true);
    expect(isOnBoard({ isAdmin: true }, { ...NO_COUNTS, resultsSaved: 1 })).toBe(true);
  });

  it("orders agents by last name, first name, then id", () => {
    const agents = [
      { userId: 3, lastname: "Reed", firstname: "Marcus" },
      { userId: 1, lastname: "Moreno", firstname: "Alicia" },
      { userId: 2, lastname: "Reed", firstname: "Ana" },
      { userId: 4, lastname: "Reed", firstname: "Ana" },
    ];
    expect([...agents].sort(byAgentName).map((agent) => agent.userId)).toEqual([1, 2, 4, 3]);
  });
});

describe("the board's day", () => {
  it("is the day of the practice group's zone, from its midnight to the next", () => {
    // 05:30 UTC is still the evening before in Chicago.
    expect(boardDay(Date.parse("2026-11-17T05:30:00Z"))).toEqual({
      day: "2026-11-16",
      startsAt: Date.parse("2026-11-16T06:00:00Z"),
      endsAt: Date.parse("2026-11-17T06:00:00Z"),
    });
  });

  it("has 25 hours on the day the clocks go back", () => {
    const { startsAt, endsAt } = dayBounds("2026-11-01", "America/Chicago");
    expect(endsAt - startsAt).toBe(25 * 3_600_000);
  });
});

describe("a member's name on the board", () => {
  it("reads as the members list's Names column", () => {
    expect(listName({ firstName: "Ana", middleName: "Lucia", lastName: "Reed" })).toBe("Reed, Ana Lucia");
    expect(listName({ firstName: "Ana", middleName: "", lastName: "Reed" })).toBe("Reed, Ana");
  });
});
