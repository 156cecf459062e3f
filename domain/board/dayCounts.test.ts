import { describe, expect, it } from "vitest";
import { callbackCounts, conversion, countDay, NO_COUNTS, totalCounts } from "./dayCounts.ts";

describe("an agent's day in counts", () => {
  it("counts results, contacts (someone reached) and appointments, beside the calls started", () => {
    const callbacks = { callbacksDue: 2, callbacksOverdue: 1 };
    expect(countDay(["Appointment Made", "No answer", "Left message", "Contact Made Call Back", "Confirm", ""], 9, callbacks)).toEqual({
      callsStarted: 9,
      resultsSaved: 6,
      contacts: 3,
      appointments: 1,
      callbacksDue: 2,
      callbacksOverdue: 1,
    });
    expect(countDay([], 0, { callbacksDue: 0, callbacksOverdue: 0 })).toEqual(NO_COUNTS);
  });

  it("counts the callbacks due today that are still the agent's, and those past their grace period", () => {
    const HOUR = 3_600_000;
    const now = Date.UTC(2026, 10, 27, 15);
    const dayEnd = Date.UTC(2026, 10, 28, 6);
    const owned = (dueIn: number, graceHours = 0.5) => ({ dueAt: now + dueIn * HOUR, ownerUntil: now + (dueIn + graceHours) * HOUR });
    const callbacks = [owned(-3), owned(-0.25), owned(2), owned(14.99), owned(16), owned(24 * 7)];
    // Overdue: due 3 h ago. Due: 15 minutes ago (still in grace), in 2 h, just before the day ends.
    expect(callbackCounts(callbacks, now, dayEnd)).toEqual({ callbacksDue: 3, callbacksOverdue: 1 });
    expect(callbackCounts([], now, dayEnd)).toEqual({ callbacksDue: 0, callbacksOverdue: 0 });
  });

  it("converts appointments over contacts in percent with one decimal, and nothing without contacts", () => {
    expect(conversion({ ...NO_COUNTS, contacts: 3, appointments: 1 })).toBe(33.3);
    expect(conversion({ ...NO_COUNTS, contacts: 4, appointments: 4 })).toBe(100);
    expect(conversion(NO_COUNTS)).toBeNull();
  });

  it("sums every count for the totals row", () => {
    const a = { callsStarted: 4, resultsSaved: 3, contacts: 2, appointments: 1, callbacksDue: 2, callbacksOverdue: 0 };
    const b = { callsStarted: 1, resultsSaved: 5, contacts: 3, appointments: 0, callbacksDue: 1, callbacksOverdue: 1 };
    expect(totalCounts([a, b])).toEqual({ callsStarted: 5, resultsSaved: 8, contacts: 5, appointments: 1, callbacksDue: 3, callbacksOverdue: 1 });
    expect(totalCounts([])).toEqual(NO_COUNTS);
  });
});
