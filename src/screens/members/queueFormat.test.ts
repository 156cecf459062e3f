// How the work queue's answers read: the reasons held back (only those holding anyone, in the
// contract's order), the do-not-call banner, and the lines of "Why this member?".
import { describe, expect, it } from "vitest";
import type { QueueCounts, WhyThisMember } from "../../machines/members/queue/queue.machine";
import { doNotCallText, heldBack, whyLines } from "./queueFormat";

const NONE = { doNotCall: 0, appointmentMade: 0, droppedOrDuplicate: 0, futureAppointment: 0, noDialablePhone: 0, attemptsExhausted: 0, callbackNotDue: 0, claimed: 0, attemptedToday: 0, coolingDown: 0, outsideCallingWindow: 0 };

describe("queue texts", () => {
  it("lists only the reasons that hold someone back, in the contract's order", () => {
    const counts: QueueCounts = { eligible: 0, notEligible: { ...NONE, outsideCallingWindow: 4, doNotCall: 2 }, nextWindowOpensAt: null, nextCooldownEndsAt: null };
    expect(heldBack(counts).map(({ label, count }) => `${label}: ${count}`)).toEqual(["Do not call: 2", "Outside their calling hours: 4"]);
  });

  it("says which do-not-call result, who saved it and on which day", () => {
    const text = doNotCallText({ Result: "DNC- Moved", savedAt: "2026-11-03T15:00:00Z", savedBy: { firstname: "Priya", lastname: "Natarajan" } });
    expect(text).toBe("Do not call: DNC- Moved, saved by Priya Natarajan on 11/03/2026");
  });

  it("explains a served member: its callback in its own zone, priority, recare, attempts and last result", () => {
    const why: WhyThisMember = {
      group: "yourCallback",
      callback: {
        id: 1, memberId: 5, dueAt: "2026-11-27T16:00:00Z", timeZone: "America/Chicago", note: "after school", status: "open", version: 1,
        owner: null, ownerUntil: null, bookedBy: { id: 2, firstname: "Marcus", lastname: "Reed" }, bookedAt: "2026-11-26T16:00:00Z",
      },
      priority: null,
      daysPastRecareDue: -3,
      attempts: 1,
      lastResult: null,
      appointment: null,
    };
    expect(whyLines(why).map(({ term, text }) => `${term}: ${text}`)).toEqual([
      "Served as: Your callback is due",
      "Callback: Due 11/27/2026, 10:00 AM CST (their time), booked by Marcus Reed: after school",
      "Priority: None",
      "Recare: Due in 3 days",
      "Appointment: None booked at the practice; none on record",
      "Attempts: 1",
      "Last result: None yet",
    ]);
  });

  it("says no appointment is booked at the practice, and how the latest one went", () => {
    const why: WhyThisMember = { group: "queue", callback: null, priority: null, daysPastRecareDue: 10, attempts: 0, lastResult: null, appointment: { status: "Broken", startsAt: "2026-11-20T16:00:00Z" } };
    expect(whyLines(why).find(({ term }) => term === "Appointment")?.text).toMatch(/^None booked at the practice; the last, on 11\/20\/2026, .* was broken or missed$/);
  });
});
