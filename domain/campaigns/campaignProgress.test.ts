import { describe, expect, it } from "vitest";
import { CONTACTED_RESULTS, RESULT_OPTIONS } from "../vocabulary.ts";
import { appointmentResultOf, attemptsPerMember, campaignDays, campaignDaysFileName, countsIn, figureResults, progressOf } from "./campaignProgress.ts";

const work = { called: 3, reached: 2, appointments: 1, attempts: 7, callbacksOpen: 1, byAgent: [] };
const kept = { targeted: 40, eligibleNow: 12, countedAt: "2026-11-30T15:00:00.000Z" };

describe("campaign progress", () => {
  it("counts a person reached by the results the contact data report counts as contacted, and by no other", () => {
    const isReached = countsIn("reached", { goalResult: null });
    expect(RESULT_OPTIONS.filter(isReached)).toEqual([...CONTACTED_RESULTS]);
    expect(["No answer", "Left message", "Phone number issues", "", "Broken", "DNC- Moved"].some(isReached)).toBe(false);
    expect(["Appointment Made", "Contact Made Not Interested", "CM-DNC- Moved", "Confirm"].every(isReached)).toBe(true);
  });

  it("counts a member called by any result saved, Blank too, and given an appointment by the campaign's appointment result alone", () => {
    expect(figureResults("called", { goalResult: "Reschedule" })).toBeNull();
    expect(["", "No answer", "Appointment Made"].every(countsIn("called", { goalResult: null }))).toBe(true);
    expect(figureResults("appointments", { goalResult: "Reschedule" })).toEqual(["Reschedule"]);
    expect(RESULT_OPTIONS.filter(countsIn("appointments", { goalResult: null }))).toEqual(["Appointment Made"]);
  });

  it("counts the goal's result as the appointments, else Appointment Made", () => {
    expect(appointmentResultOf({ goalResult: "Reschedule" })).toBe("Reschedule");
    expect(appointmentResultOf({ goalResult: null })).toBe("Appointment Made");
  });

  it("gives attempts per member called with one decimal, 0 when nobody was called", () => {
    expect(attemptsPerMember(7, 3)).toBe(2.3);
    expect(attemptsPerMember(0, 0)).toBe(0);
  });

  it("adds the pace against a goal count, and none without one", () => {
    const campaign = { id: 4, goalCount: 100, goalBy: "2026-12-04", startsOn: "2026-11-27" };
    const progress = progressOf(campaign, { ...work, appointments: 30 }, kept, "2026-11-30");
    expect(progress).toMatchObject({ campaignId: 4, targeted: 40, eligibleNow: 12, attemptsPerMember: 2.3, goal: { count: 100, reached: 30, daysLeft: 5, perDayNeeded: 14, perDayDoing: 7.5 } });
    expect(progress).not.toHaveProperty("attempts");
    expect(progressOf({ ...campaign, goalCount: null, goalBy: null }, work, kept, "2026-11-30").goal).toBeNull();
  });

  it("fills every day from the start to today or the end with zeros, and none before the start", () => {
    const days = campaignDays({ startsOn: "2026-11-27", endsOn: "2026-12-31" }, "2026-11-30", [{ day: "2026-11-28", called: 2, reached: 1, appointments: 1, callbacks: 0 }]);
    expect(days.map((row) => [row.day, row.called])).toEqual([["2026-11-27", 0], ["2026-11-28", 2], ["2026-11-29", 0], ["2026-11-30", 0]]);
    expect(campaignDays({ startsOn: "2026-11-27", endsOn: "2026-11-28" }, "2026-11-30", [])).toHaveLength(2);
    expect(campaignDays({ startsOn: "2026-12-01", endsOn: "2026-12-31" }, "2026-11-30", [])).toEqual([]);
  });

  it("names the export after the campaign and the day in the practices' zone", () => {
    expect(campaignDaysFileName("Recare Houston", new Date("2026-12-01T03:00:00Z"))).toBe("Campaign-Recare Houston-2026-11-30.csv");
  });
});
