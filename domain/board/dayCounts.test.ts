import { describe, expect, it } from "vitest";
import { conversion, countDay, NO_COUNTS, totalCounts } from "./dayCounts.ts";

describe("an agent's day in counts", () => {
  it("counts results, contacts (someone reached) and appointments, beside the calls started", () => {
    expect(countDay(["Appointment Made", "No answer", "Left message", "Contact Made Call Back", "Confirm", ""], 9)).toEqual({
      callsStarted: 9,
      resultsSaved: 6,
      contacts: 3,
      appointments: 1,
    });
    expect(countDay([], 0)).toEqual(NO_COUNTS);
  });

  it("converts appointments over contacts in percent with one decimal, and nothing without contacts", () => {
    expect(conversion({ ...NO_COUNTS, contacts: 3, appointments: 1 })).toBe(33.3);
    expect(conversion({ ...NO_COUNTS, contacts: 4, appointments: 4 })).toBe(100);
    expect(conversion(NO_COUNTS)).toBeNull();
  });

  it("sums every count for the totals row", () => {
    const a = { callsStarted: 4, resultsSaved: 3, contacts: 2, appointments: 1 };
    const b = { callsStarted: 1, resultsSaved: 5, contacts: 3, appointments: 0 };
    expect(totalCounts([a, b])).toEqual({ callsStarted: 5, resultsSaved: 8, contacts: 5, appointments: 1 });
    expect(totalCounts([])).toEqual(NO_COUNTS);
  });
});
