import { describe, expect, it } from "vitest";
import { callbackBadge, callbackChangeText } from "./callbackBadge";
import { dueAtOf, dueText, presetChoice, presetForKey } from "./callbackTime";

const CHICAGO = "America/Chicago";
const MARCUS = { id: 7, firstname: "Marcus", lastname: "Reed" };

describe("callback time", () => {
  it("counts Next Monday from the member's local day: a Monday's is a week away, a Sunday's the next day", () => {
    // Monday 30 November 2026, 23:30 UTC: still Monday in Chicago (17:30).
    expect(presetChoice("nextMonday9", Date.parse("2026-11-30T23:30:00Z"), CHICAGO)).toEqual({ date: "2026-12-07", time: "09:00" });
    // Monday 00:30 UTC is Sunday evening in Chicago.
    expect(presetChoice("nextMonday9", Date.parse("2026-11-30T00:30:00Z"), CHICAGO)).toEqual({ date: "2026-11-30", time: "09:00" });
    // Tomorrow is the member's tomorrow, not UTC's.
    expect(presetChoice("tomorrow9", Date.parse("2026-11-30T00:30:00Z"), CHICAGO)).toEqual({ date: "2026-11-30", time: "09:00" });
  });

  it("makes an instant only of a whole date and time, in the member's zone across a change of the clocks", () => {
    expect(dueAtOf({ date: "2026-03-09", time: "09:00" }, CHICAGO)).toBe("2026-03-09T14:00:00.000Z");
    expect(dueAtOf({ date: "2026-03-06", time: "09:00" }, CHICAGO)).toBe("2026-03-06T15:00:00.000Z");
    expect(dueAtOf({ date: "2026-03-06", time: "" }, CHICAGO)).toBeNull();
    expect(dueAtOf({ date: "", time: "09:00" }, CHICAGO)).toBeNull();
  });

  it("writes the agent's own time beside the member's only when the clocks differ", () => {
    expect(dueText("2026-11-28T15:00:00Z", CHICAGO, "America/New_York")).toBe("Sat, Nov 28, 9:00 AM CST (10:00 AM EST yours)");
    expect(dueText("2026-11-28T15:00:00Z", CHICAGO, "America/Winnipeg")).toBe("Sat, Nov 28, 9:00 AM CST");
  });

  it("chooses a preset by its key, never while typing or with a modifier", () => {
    expect(presetForKey("2", false, false)).toBe("tomorrow9");
    expect(presetForKey("2", true, false)).toBeNull();
    expect(presetForKey("2", false, true)).toBeNull();
    expect(presetForKey("4", false, false)).toBeNull();
  });
});

describe("a row's callback", () => {
  const callback = {
    id: 1,
    memberId: 2,
    dueAt: "2026-11-28T15:00:00Z",
    timeZone: CHICAGO,
    note: "",
    status: "open" as const,
    version: 1,
    owner: MARCUS,
    ownerUntil: "2026-11-28T15:30:00Z",
    bookedBy: MARCUS,
    bookedAt: "2026-11-27T15:00:00Z",
  };

  it("is overdue to other agents once the owner's grace period has passed, never to the owner", () => {
    const afterGrace = new Date("2026-11-28T15:31:00Z");
    expect(callbackBadge(callback, 9, new Date("2026-11-28T15:29:00Z"))).toMatchObject({
      overdue: false,
      text: expect.stringMatching(/^Callback Sat, Nov 28, 9:00 AM CST/),
      overdueInMs: 60_000,
    });
    expect(callbackBadge(callback, 7, new Date("2026-11-28T15:29:00Z")).overdueInMs).toBeUndefined();
    expect(callbackBadge(callback, 9, afterGrace)).toEqual({ overdue: true, text: "Overdue callback · booked by Marcus Reed" });
    expect(callbackBadge(callback, 7, afterGrace).overdue).toBe(false);
    expect(callbackBadge({ ...callback, owner: null, ownerUntil: null }, 7, new Date("2026-11-28T15:01:00Z")).overdue).toBe(true);
  });

  it("says in the results history what changed and for when", () => {
    expect(callbackChangeText({ change: "moved", dueAt: "2026-11-28T15:00:00Z", timeZone: CHICAGO })).toMatch(/^Callback moved to Sat, Nov 28, 9:00 AM CST/);
  });
});
