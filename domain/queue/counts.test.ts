import { describe, expect, it } from "vitest";
import { queueCounter } from "./counts.ts";
import { queueStateOf, type QueueFacts } from "./memberState.ts";
import { DEFAULT_QUEUE_RULES as RULES } from "./rules.ts";
import { verdictOf } from "./verdict.ts";

const at = (iso: string) => Date.parse(iso);
const HOUR = 3_600_000;
/** 7:30 in Chicago, 6:30 in El Paso. */
const NOW = at("2026-11-16T13:30:00Z");

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

describe("the queue's counts", () => {
  it("count each member once, say when the window opens and when the next wait ends", () => {
    const counter = queueCounter(NOW, RULES);
    const members = [
      facts(),
      facts({ practiceTimeZone: "America/Denver" }),
      facts({ result: "DNC-Notes", latestResultAt: NOW - 24 * HOUR }),
      facts({ result: "No answer", latestResultAt: NOW - 30 * HOUR, attemptTimes: [NOW - 30 * HOUR] }),
      facts({ result: "Left message", latestResultAt: NOW - 10 * HOUR, attemptTimes: [NOW - 30 * HOUR] }),
    ];
    for (const member of members) {
      const state = queueStateOf(member, RULES);
      const inWindow = state.timeZone === "America/Chicago" ? NOW >= at("2026-11-16T14:00:00Z") : false;
      counter.add(state, verdictOf(state, { now: NOW, callerId: 2, claimed: false, inWindow }));
    }
    const counts = counter.counts();
    expect(counts.eligible).toBe(0);
    expect(counts.notEligible).toMatchObject({ doNotCall: 1, coolingDown: 1, outsideCallingWindow: 3, attemptedToday: 0 });
    expect(Object.values(counts.notEligible).reduce((sum, n) => sum + n, 0)).toBe(members.length);
    expect(counts.nextWindowOpensAt).toBe("2026-11-16T14:00:00.000Z");
    expect(counts.nextCooldownEndsAt).toBe(new Date(NOW + 38 * HOUR).toISOString());
  });

  it("have no times when nothing waits", () => {
    const counter = queueCounter(NOW, RULES);
    expect(counter.counts()).toMatchObject({ eligible: 0, nextWindowOpensAt: null, nextCooldownEndsAt: null });
  });
});
