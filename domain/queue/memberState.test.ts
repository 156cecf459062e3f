import { describe, expect, it } from "vitest";
import { addMonths, NO_PRIORITY_RANK, queueStateOf, type QueueFacts } from "./memberState.ts";
import { DEFAULT_QUEUE_RULES as RULES } from "./rules.ts";

const at = (iso: string) => Date.parse(iso);
const HOUR = 3_600_000;
/** Monday 16 November 2026, 9:00 in Chicago. */
const NOW = at("2026-11-16T15:00:00Z");

const facts = (overrides: Partial<QueueFacts> = {}): QueueFacts => ({
  result: "",
  status: "Recare No Future Appointment",
  phone: "(512) 555-0100",
  state: "TX",
  practiceTimeZone: "America/Chicago",
  lastVisit: "2026-01-10",
  priority: null,
  attemptTimes: [],
  latestResultAt: null,
  issuePhone: null,
  callback: null,
  appointmentAhead: false,
  ...overrides,
});
const stateOf = (overrides: Partial<QueueFacts> = {}) => queueStateOf(facts(overrides), RULES);

describe("what holds a member back for good", () => {
  it("is nothing for a member never called", () => {
    expect(stateOf()).toMatchObject({ blocked: null, attempts: 0, lastAttemptAt: null, readyAt: null, attemptsResumeAt: null, cooldownEndsAt: null });
  });

  it("is each do-not-call result", () => {
    for (const result of ["CM-DNC- Other Dentist", "CM-DNC- Moved", "DNC- Other Dentist", "DNC- Moved", "DNC-Notes"] as const) {
      expect(stateOf({ result, latestResultAt: NOW }).blocked, result).toBe("doNotCall");
    }
  });

  it("is Appointment Made, and the statuses Dropped Patient and Duplicate SubID", () => {
    expect(stateOf({ result: "Appointment Made", latestResultAt: NOW }).blocked).toBe("appointmentMade");
    expect(stateOf({ status: "Dropped Patient" }).blocked).toBe("droppedOrDuplicate");
    expect(stateOf({ status: "Duplicate SubID" }).blocked).toBe("droppedOrDuplicate");
    expect(stateOf({ status: "New Patient" }).blocked).toBeNull();
  });

  it("is an appointment booked at the practice, ahead in its schedule; a dropped status still comes first", () => {
    expect(stateOf({ appointmentAhead: true }).blocked).toBe("futureAppointment");
    expect(stateOf({ appointmentAhead: true, status: "Dropped Patient" }).blocked).toBe("droppedOrDuplicate");
    expect(stateOf({ appointmentAhead: false }).blocked).toBeNull();
  });

  it("is a phone that is not ten digits", () => {
    expect(stateOf({ phone: "555-0100" }).blocked).toBe("noDialablePhone");
    expect(stateOf({ phone: "1 (512) 555-0100" }).blocked).toBe("noDialablePhone");
    expect(stateOf({ phone: "" }).blocked).toBe("noDialablePhone");
    expect(stateOf({ phone: "512.555.0100" }).blocked).toBeNull();
  });

  it("is the sixth attempt, not the fifth", () => {
    const times = (count: number) => Array.from({ length: count }, (_, day) => at(`2026-11-0${day + 1}T16:00:00Z`));
    expect(stateOf({ attemptTimes: times(5), result: "Broken", latestResultAt: times(5)[4] }).blocked).toBeNull();
    expect(stateOf({ attemptTimes: times(6), result: "Broken", latestResultAt: times(6)[5] })).toMatchObject({ blocked: "attemptsExhausted", attempts: 6 });
  });

  it("is Phone number issues until the phone changes", () => {
    const issue = { result: "Phone number issues" as const, latestResultAt: NOW - 48 * HOUR, attemptTimes: [NOW - 48 * HOUR] };
    expect(stateOf({ ...issue, issuePhone: null }).blocked).toBe("coolingDown");
    expect(stateOf({ ...issue, issuePhone: "512-555-0100" }).blocked).toBe("coolingDown");
    expect(stateOf({ ...issue, issuePhone: "512-555-0199" }).blocked).toBeNull();
  });

  it("comes in the reasons' order: do-not-call first, the attempts last", () => {
    expect(stateOf({ result: "DNC-Notes", status: "Dropped Patient", phone: "" }).blocked).toBe("doNotCall");
    expect(stateOf({ status: "Dropped Patient", phone: "" }).blocked).toBe("droppedOrDuplicate");
  });
});

describe("a member with an open callback", () => {
  const callback = { dueAt: NOW + HOUR, ownerId: 2, ownerUntil: NOW + HOUR + RULES.callbackGraceMs };

  it("is held back only by a do-not-call result or a phone that cannot be dialled", () => {
    expect(stateOf({ callback, result: "Appointment Made" }).blocked).toBeNull();
    expect(stateOf({ callback, status: "Dropped Patient" }).blocked).toBeNull();
    expect(stateOf({ callback, attemptTimes: Array.from({ length: 6 }, (_, i) => NOW - (i + 1) * 24 * HOUR) }).blocked).toBeNull();
    expect(stateOf({ callback, phone: "555" }).blocked).toBe("noDialablePhone");
    expect(stateOf({ callback, result: "DNC- Moved" }).blocked).toBe("doNotCall");
  });

  it("is ready for others once the grace period ends, whatever its cooldown", () => {
    const state = stateOf({ callback, result: "Left message", latestResultAt: NOW, attemptTimes: [NOW] });
    expect(state.readyAt).toBe(callback.ownerUntil);
    expect(stateOf({ callback: { ...callback, ownerId: null, ownerUntil: null } }).readyAt).toBe(callback.dueAt);
  });
});

describe("waiting", () => {
  it("after one attempt today, until the member's next local midnight", () => {
    const state = stateOf({ result: "Broken", latestResultAt: NOW, attemptTimes: [NOW] });
    expect(new Date(state.attemptsResumeAt!).toISOString()).toBe("2026-11-17T06:00:00.000Z");
    expect(state.readyAt).toBe(state.attemptsResumeAt);
  });

  it("counts the day in the member's zone, not the server's", () => {
    // 23:30 in Chicago is already the 17th in UTC; El Paso (Mountain) is an hour behind.
    const late = at("2026-11-17T05:30:00Z");
    expect(new Date(stateOf({ result: "Broken", latestResultAt: late, attemptTimes: [late] }).attemptsResumeAt!).toISOString()).toBe("2026-11-17T06:00:00.000Z");
    expect(new Date(stateOf({ practiceTimeZone: "America/Denver", result: "Broken", latestResultAt: late, attemptTimes: [late] }).attemptsResumeAt!).toISOString()).toBe(
      "2026-11-17T07:00:00.000Z",
    );
  });

  it("allows as many attempts a day as the rules say", () => {
    const rules = { ...RULES, attemptsPerDay: 2 };
    const one = queueStateOf(facts({ result: "Broken", latestResultAt: NOW, attemptTimes: [NOW] }), rules);
    expect(one.attemptsResumeAt).toBeNull();
    const two = queueStateOf(facts({ result: "Broken", latestResultAt: NOW, attemptTimes: [NOW - HOUR, NOW] }), rules);
    expect(new Date(two.attemptsResumeAt!).toISOString()).toBe("2026-11-17T06:00:00.000Z");
  });

  it("cools down 4 hours after No answer and 48 hours after Left message, from the result's time", () => {
    const saved = NOW - 3 * HOUR;
    expect(stateOf({ result: "No answer", latestResultAt: saved }).cooldownEndsAt).toBe(saved + 4 * HOUR);
    expect(stateOf({ result: "Left message", latestResultAt: saved }).cooldownEndsAt).toBe(saved + 48 * HOUR);
    expect(stateOf({ result: "Broken", latestResultAt: saved }).cooldownEndsAt).toBeNull();
    expect(stateOf({ result: "", latestResultAt: saved }).cooldownEndsAt).toBeNull();
  });

  it("is ready when the later of the day's attempts and the cooldown ends", () => {
    const state = stateOf({ result: "Left message", latestResultAt: NOW, attemptTimes: [NOW] });
    expect(state.readyAt).toBe(NOW + 48 * HOUR);
  });
});

describe("the keys of the order", () => {
  it("ranks treatment priorities P1 to P4, members without one after them", () => {
    expect(stateOf({ priority: "P1" }).rank).toBe(1);
    expect(stateOf({ priority: "P4" }).rank).toBe(4);
    expect(stateOf().rank).toBe(NO_PRIORITY_RANK);
  });

  it("puts recare due 6 months after the last visit, the day kept where the month has it", () => {
    expect(stateOf({ lastVisit: "2026-01-10" }).recareDue).toBe("2026-07-10");
    expect(stateOf({ lastVisit: null }).recareDue).toBeNull();
    expect(addMonths("2025-08-31", 6)).toBe("2026-02-28");
    expect(addMonths("2023-08-31", 6)).toBe("2024-02-29");
    expect(addMonths("2026-11-30", 3)).toBe("2027-02-28");
  });

  it("counts attempts since the last reset, the latest last", () => {
    expect(stateOf({ attemptTimes: [NOW - 2 * 24 * HOUR, NOW - 24 * HOUR] })).toMatchObject({ attempts: 2, lastAttemptAt: NOW - 24 * HOUR });
  });

  it("keeps the member's zone", () => {
    expect(stateOf({ state: "CA" }).timeZone).toBe("America/Los_Angeles");
    expect(stateOf({ practiceTimeZone: "America/Denver" }).timeZone).toBe("America/Denver");
  });
});
