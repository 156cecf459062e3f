import { describe, expect, it } from "vitest";
import { queueStateOf, type QueueFacts } from "./memberState.ts";
import { DEFAULT_QUEUE_RULES as RULES } from "./rules.ts";
import { servedByItsFields, verdictOf, type Moment } from "./verdict.ts";

const at = (iso: string) => Date.parse(iso);
const HOUR = 3_600_000;
const MINUTE = 60_000;
const NOW = at("2026-11-16T15:00:00Z");
const MARCUS = 2;
const PRIYA = 3;

const facts = (overrides: Partial<QueueFacts> = {}): QueueFacts => ({
  result: "",
  status: "New Patient",
  phone: "5125550100",
  state: "TX",
  practiceTimeZone: "America/Chicago",
  lastVisit: null,
  priority: null,
  attemptTimes: [],
  latestResultAt: null,
  issuePhone: null,
  callback: null,
  appointmentAhead: false,
  ...overrides,
});
const moment = (overrides: Partial<Moment> = {}): Moment => ({ now: NOW, callerId: MARCUS, claimed: false, inWindow: true, ...overrides });
const verdict = (factsOverrides: Partial<QueueFacts>, momentOverrides: Partial<Moment> = {}) => verdictOf(queueStateOf(facts(factsOverrides), RULES), moment(momentOverrides));
const reason = (factsOverrides: Partial<QueueFacts>, momentOverrides: Partial<Moment> = {}) => {
  const found = verdict(factsOverrides, momentOverrides);
  return found.served ? `served (${found.group})` : found.reason;
};

describe("the queue serves", () => {
  it("a member nothing holds back, in the queue group", () => {
    expect(verdict({})).toEqual({ served: true, group: "queue" });
  });

  it("each reason's member not, under that reason", () => {
    expect(reason({ result: "DNC- Moved", latestResultAt: NOW - 24 * HOUR })).toBe("doNotCall");
    expect(reason({ result: "Appointment Made", latestResultAt: NOW - 24 * HOUR })).toBe("appointmentMade");
    expect(reason({ status: "Dropped Patient" })).toBe("droppedOrDuplicate");
    expect(reason({ phone: "555-0100" })).toBe("noDialablePhone");
    expect(reason({ attemptTimes: Array.from({ length: 6 }, (_, i) => NOW - (i + 2) * 24 * HOUR) })).toBe("attemptsExhausted");
    expect(reason({ callback: { dueAt: NOW + HOUR, ownerId: PRIYA, ownerUntil: NOW + HOUR + 30 * MINUTE } })).toBe("callbackNotDue");
    expect(reason({}, { claimed: true })).toBe("claimed");
    expect(reason({ result: "Broken", latestResultAt: NOW - HOUR, attemptTimes: [NOW - HOUR] })).toBe("attemptedToday");
    expect(reason({ result: "No answer", latestResultAt: NOW - 25 * HOUR, attemptTimes: [NOW - 25 * HOUR] }, { now: NOW - 22 * HOUR })).toBe("attemptedToday");
    expect(reason({ result: "Left message", latestResultAt: NOW - 25 * HOUR, attemptTimes: [NOW - 25 * HOUR] })).toBe("coolingDown");
    expect(reason({ result: "Phone number issues", latestResultAt: NOW - 72 * HOUR, attemptTimes: [NOW - 72 * HOUR] })).toBe("coolingDown");
    expect(reason({}, { inWindow: false })).toBe("outsideCallingWindow");
  });

  it("checks the reasons in order: a member held for several counts under the first", () => {
    expect(reason({ result: "DNC- Moved", status: "Dropped Patient" }, { claimed: true, inWindow: false })).toBe("doNotCall");
    expect(reason({}, { claimed: true, inWindow: false })).toBe("claimed");
    // Phone number issues holds for good, but counts after attempts of the day.
    expect(reason({ result: "Phone number issues", latestResultAt: NOW - HOUR, attemptTimes: [NOW - HOUR] })).toBe("attemptedToday");
    expect(reason({ result: "No answer", latestResultAt: NOW - HOUR, attemptTimes: [NOW - 30 * HOUR] }, { inWindow: false })).toBe("coolingDown");
  });
});

describe("cooldowns end at their instant", () => {
  const saved = at("2026-11-16T14:00:00Z");
  const noAnswer = { result: "No answer" as const, latestResultAt: saved, attemptTimes: [saved - 24 * HOUR] };

  it("No answer: cooling down 3:59:59 after, served 4 hours after", () => {
    expect(reason(noAnswer, { now: saved + 4 * HOUR - 1000 })).toBe("coolingDown");
    expect(reason(noAnswer, { now: saved + 4 * HOUR })).toBe("served (queue)");
  });

  it("Left message: 48 hours", () => {
    const left = { ...noAnswer, result: "Left message" as const };
    expect(reason(left, { now: saved + 48 * HOUR - 1 })).toBe("coolingDown");
    expect(reason(left, { now: saved + 48 * HOUR })).toBe("served (queue)");
  });

  it("one attempt today: held until the member's local midnight, served from it", () => {
    const attempted = { result: "Broken" as const, latestResultAt: saved, attemptTimes: [saved] };
    expect(reason(attempted, { now: at("2026-11-17T05:59:59Z") })).toBe("attemptedToday");
    expect(reason(attempted, { now: at("2026-11-17T06:00:00Z") })).toBe("served (queue)");
  });
});

describe("a callback", () => {
  const dueAt = at("2026-11-16T21:00:00Z");
  const callback = { dueAt, ownerId: MARCUS, ownerUntil: dueAt + RULES.callbackGraceMs };

  it("is served to its owner from its due time, first", () => {
    expect(reason({ callback }, { now: dueAt - 1000 })).toBe("callbackNotDue");
    expect(reason({ callback }, { now: dueAt })).toBe("served (yourCallback)");
  });

  it("is served to others after the grace period, as an overdue callback", () => {
    expect(reason({ callback }, { now: dueAt + 29 * MINUTE, callerId: PRIYA })).toBe("callbackNotDue");
    expect(reason({ callback }, { now: dueAt + 30 * MINUTE, callerId: PRIYA })).toBe("served (overdueCallback)");
  });

  it("booked for anyone is anyone's from its due time", () => {
    const anyones = { dueAt, ownerId: null, ownerUntil: null };
    expect(reason({ callback: anyones }, { now: dueAt, callerId: PRIYA })).toBe("served (overdueCallback)");
  });

  it("is served whatever the attempts and cooldown, but not while claimed or outside the window", () => {
    const busy = { callback, result: "Left message" as const, latestResultAt: dueAt - HOUR, attemptTimes: [dueAt - HOUR] };
    expect(reason(busy, { now: dueAt })).toBe("served (yourCallback)");
    expect(reason(busy, { now: dueAt, claimed: true })).toBe("claimed");
    expect(reason(busy, { now: dueAt, inWindow: false })).toBe("outsideCallingWindow");
  });
});

describe("a state served by its kept fields alone", () => {
  const results = ["", "No answer", "Left message", "Broken", "Phone number issues", "Appointment Made", "DNC- Moved"] as const;
  const histories = [[], [NOW - HOUR], [NOW - 25 * HOUR], [NOW - 30 * HOUR, NOW - 2 * HOUR], Array.from({ length: 6 }, (_, i) => NOW - (i + 2) * 24 * HOUR)];
  const callbacks = [null, { dueAt: NOW - HOUR, ownerId: PRIYA, ownerUntil: NOW - 30 * MINUTE }];
  const cases = results.flatMap((result) =>
    histories.flatMap((attemptTimes) =>
      callbacks.flatMap((callback) =>
        [NOW - HOUR, NOW + 5 * HOUR, NOW + 49 * HOUR].map((now) => ({ facts: facts({ result, attemptTimes, latestResultAt: attemptTimes.at(-1) ?? null, callback }), now })),
      ),
    ),
  );

  it("is served in the queue group, unclaimed and in the window, to any caller; and any state so served is one", () => {
    let served = 0;
    for (const { facts: one, now } of cases) {
      const state = queueStateOf(one, RULES);
      const byFields = servedByItsFields(state, now);
      for (const callerId of [MARCUS, PRIYA]) {
        const found = verdictOf(state, moment({ now, callerId }));
        expect(byFields).toBe(found.served && found.group === "queue");
      }
      if (byFields) served += 1;
    }
    expect(served).toBeGreaterThan(10);
    expect(servedByItsFields(queueStateOf(facts(), RULES), NOW)).toBe(true);
  });
});
