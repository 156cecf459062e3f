import { describe, expect, it } from "vitest";
import { withCallbackChanges } from "./history.ts";

const marcus = { firstname: "Marcus", lastname: "Reed" };
const priya = { firstname: "Priya", lastname: "Natarajan" };

describe("a member's result history with its callback's changes", () => {
  it("puts each change among the results, newest first, with the result the member had then", () => {
    const results = [
      { id: 8, Result: "Broken" as const, createdAt: "2026-11-16T17:00:00.000Z", user: priya },
      { id: 5, Result: "Contact Made Call Back" as const, createdAt: "2026-11-16T15:00:00.000Z", user: marcus },
    ];
    const changes = [
      { id: 2, change: "moved" as const, dueAt: "2026-11-18T16:00:00.000Z", timeZone: "America/Chicago", at: "2026-11-16T16:00:00.000Z", user: marcus },
      { id: 1, change: "booked" as const, dueAt: "2026-11-17T16:00:00.000Z", timeZone: "America/Chicago", at: "2026-11-16T15:00:05.000Z", user: marcus },
      { id: 3, change: "closed" as const, dueAt: "2026-11-18T16:00:00.000Z", timeZone: "America/Chicago", at: "2026-11-16T17:00:00.000Z", user: priya },
    ];
    const merged = withCallbackChanges(results, changes);
    expect(merged.map((entry) => [entry.callback?.change ?? "result", entry.id, entry.Result])).toEqual([
      ["closed", 3, "Broken"],
      ["result", 8, "Broken"],
      ["moved", 2, "Contact Made Call Back"],
      ["booked", 1, "Contact Made Call Back"],
      ["result", 5, "Contact Made Call Back"],
    ]);
    expect(merged[2]).toEqual({
      id: 2,
      Result: "Contact Made Call Back",
      createdAt: "2026-11-16T16:00:00.000Z",
      user: marcus,
      callback: { change: "moved", dueAt: "2026-11-18T16:00:00.000Z", timeZone: "America/Chicago" },
    });
  });

  it("gives a change before any result the Blank result, and leaves a history without changes as it was", () => {
    const change = { id: 1, change: "booked" as const, dueAt: "2026-11-17T16:00:00.000Z", timeZone: "America/Denver", at: "2026-11-16T15:00:00.000Z", user: marcus };
    expect(withCallbackChanges([], [change])[0]?.Result).toBe("");
    const results = [{ id: 1, Result: "Confirm" as const, createdAt: "2026-11-16T15:00:00.000Z", user: marcus }];
    expect(withCallbackChanges(results, [])).toEqual(results);
  });
});
