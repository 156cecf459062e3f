import { describe, expect, it } from "vitest";
import { agentState, agentStateAt, IDLE_AFTER_MS, nextStateChange, OFFLINE_AFTER_MS, WRAP_UP_OVERDUE_AFTER_MS, type AgentFacts, type BoardMember } from "./agentState.ts";

const T0 = Date.parse("2026-11-16T15:00:00.000Z");
const iso = (offsetMs: number) => new Date(T0 + offsetMs).toISOString();
const MINUTE = 60_000;
const member: BoardMember = { id: 7, name: "Reed, Ana", practice: "HOU1", practiceId: 1, subscriberId: "100200300" };
const other: BoardMember = { ...member, id: 8, name: "Lopez, Juan" };

/** Signed in at T0 with a stream open, nothing done yet. */
const facts = (change: Partial<AgentFacts> = {}): AgentFacts => ({
  signedInAt: iso(0),
  signedOutAt: null,
  connected: true,
  lastConnectedAt: iso(0),
  claim: null,
  lastClaimEndedAt: null,
  call: null,
  lastResultAt: null,
  ...change,
});
const nameAt = (f: AgentFacts, offsetMs: number) => agentStateAt(f, T0 + offsetMs).name;

describe("Ready and Idle", () => {
  it("is Ready for less than 5 minutes after signing in, Idle from then on, timed from the sign-in", () => {
    expect(IDLE_AFTER_MS).toBe(5 * MINUTE);
    expect(agentState(facts(), T0 + IDLE_AFTER_MS - 1)).toEqual({ name: "ready", since: iso(0), member: null });
    expect(agentState(facts(), T0 + IDLE_AFTER_MS)).toEqual({ name: "idle", since: iso(0), member: null });
  });

  it("counts the 5 minutes from the latest result, call or claim", () => {
    const saved = facts({ call: { member, startedAt: iso(MINUTE) }, lastResultAt: iso(3 * MINUTE) });
    expect(agentState(saved, T0 + 8 * MINUTE - 1)).toMatchObject({ name: "ready", since: iso(3 * MINUTE) });
    expect(nameAt(saved, 8 * MINUTE)).toBe("idle");
    const released = facts({ lastClaimEndedAt: iso(4 * MINUTE) });
    expect(nameAt(released, 9 * MINUTE - 1)).toBe("ready");
    expect(nameAt(released, 9 * MINUTE)).toBe("idle");
  });

  it("counts a claim that ran out from when it ran out", () => {
    const ranOut = facts({ claim: { member, since: iso(0), expiresAt: iso(2 * MINUTE) } });
    expect(agentState(ranOut, T0 + 2 * MINUTE)).toMatchObject({ name: "ready", since: iso(2 * MINUTE) });
    expect(nameAt(ranOut, 7 * MINUTE)).toBe("idle");
  });
});

describe("Working", () => {
  it("is Working while holding a live claim, timed from the claim, with its member", () => {
    const working = facts({ claim: { member, since: iso(MINUTE), expiresAt: iso(3 * MINUTE) } });
    expect(agentState(working, T0 + 2 * MINUTE)).toEqual({ name: "working", since: iso(MINUTE), member });
    expect(nameAt(working, 3 * MINUTE)).toBe("ready");
  });
});

describe("On call and Wrap-up overdue", () => {
  it("is On call from a call start until a result is saved, with the call's member over a claim's", () => {
    const calling = facts({ call: { member, startedAt: iso(MINUTE) }, claim: { member: other, since: iso(2 * MINUTE), expiresAt: iso(4 * MINUTE) } });
    expect(agentState(calling, T0 + 3 * MINUTE)).toEqual({ name: "onCall", since: iso(MINUTE), member });
    expect(nameAt({ ...calling, lastResultAt: iso(2 * MINUTE) }, 3 * MINUTE)).toBe("working");
  });

  it("is Wrap-up overdue after more than 10 minutes on the call, still timed from its start", () => {
    expect(WRAP_UP_OVERDUE_AFTER_MS).toBe(10 * MINUTE);
    const calling = facts({ call: { member, startedAt: iso(0) } });
    expect(nameAt(calling, 10 * MINUTE)).toBe("onCall");
    expect(agentState(calling, T0 + 10 * MINUTE + 1)).toEqual({ name: "wrapUpOverdue", since: iso(0), member });
  });

  it("ends with a result saved after the call, not with one saved before it", () => {
    expect(nameAt(facts({ call: { member, startedAt: iso(MINUTE) }, lastResultAt: iso(MINUTE - 1) }), 2 * MINUTE)).toBe("onCall");
    expect(nameAt(facts({ call: { member, startedAt: iso(MINUTE) }, lastResultAt: iso(MINUTE + 1) }), 2 * MINUTE)).toBe("ready");
  });
});

describe("Offline", () => {
  it("is Offline at once after signing out, over any other state", () => {
    const out = facts({ signedOutAt: iso(MINUTE), connected: false, lastConnectedAt: iso(MINUTE), call: { member, startedAt: iso(30_000) } });
    expect(agentState(out, T0 + MINUTE)).toEqual({ name: "offline", since: iso(MINUTE), member: null });
  });

  it("is Offline at once when the last open stream closes, a valid session or not, timed from its closing", () => {
    const lost = facts({ connected: false, lastConnectedAt: iso(2 * MINUTE), claim: { member, since: iso(MINUTE), expiresAt: iso(4 * MINUTE) } });
    expect(agentState(lost, T0 + 2 * MINUTE)).toEqual({ name: "offline", since: iso(2 * MINUTE), member: null });
  });

  it("stays present while a stream of another session is open, though one session signed out", () => {
    const elsewhere = facts({ signedOutAt: iso(MINUTE), connected: true, lastConnectedAt: iso(2 * MINUTE) });
    expect(nameAt(elsewhere, 2 * MINUTE)).toBe("ready");
  });

  it("counts from the first of the sign-out and the last stream's closing after the latest sign-in", () => {
    expect(agentState(facts({ signedOutAt: iso(3 * MINUTE), connected: false, lastConnectedAt: iso(2 * MINUTE) }), T0 + 4 * MINUTE).since).toBe(iso(2 * MINUTE));
    // A stream closed before the latest sign-in is of an earlier stint: the sign-out counts.
    const again = facts({ signedInAt: iso(5 * MINUTE), signedOutAt: iso(6 * MINUTE), connected: false, lastConnectedAt: iso(2 * MINUTE) });
    expect(agentState(again, T0 + 6 * MINUTE)).toEqual({ name: "offline", since: iso(6 * MINUTE), member: null });
  });

  it("gives an agent who opened no stream since signing in 60 seconds, from the sign-in", () => {
    expect(OFFLINE_AFTER_MS).toBe(60_000);
    const neverOpened = facts({ connected: false, lastConnectedAt: null });
    expect(nameAt(neverOpened, OFFLINE_AFTER_MS - 1)).toBe("ready");
    expect(agentState(neverOpened, T0 + OFFLINE_AFTER_MS)).toEqual({ name: "offline", since: iso(0), member: null });
    expect(nameAt({ ...neverOpened, lastConnectedAt: iso(-10 * MINUTE), signedInAt: iso(MINUTE) }, 2 * MINUTE - 1)).toBe("ready");
  });
});

describe("nextStateChange", () => {
  it("names the instant a Ready agent turns Idle, a call turns overdue, a claim runs out, an agent without a stream turns Offline", () => {
    expect(nextStateChange(facts(), T0)).toBe(T0 + IDLE_AFTER_MS);
    expect(nextStateChange(facts({ call: { member, startedAt: iso(0) } }), T0)).toBe(T0 + WRAP_UP_OVERDUE_AFTER_MS + 1);
    expect(nextStateChange(facts({ claim: { member, since: iso(0), expiresAt: iso(2 * MINUTE) } }), T0)).toBe(T0 + 2 * MINUTE);
    expect(nextStateChange(facts({ connected: false, lastConnectedAt: null }), T0 + 1000)).toBe(T0 + OFFLINE_AFTER_MS);
  });

  it("is null when only a new fact can change the state", () => {
    expect(nextStateChange(facts(), T0 + IDLE_AFTER_MS)).toBeNull();
    expect(nextStateChange(facts({ call: { member, startedAt: iso(0) } }), T0 + 11 * MINUTE)).toBeNull();
    expect(nextStateChange(facts({ signedOutAt: iso(0), connected: false }), T0)).toBeNull();
    expect(nextStateChange(facts({ connected: false, lastConnectedAt: iso(0) }), T0)).toBeNull();
  });

  it("agrees with the state: just before it the state is the same, at it another", () => {
    const cases = [facts(), facts({ call: { member, startedAt: iso(0) } }), facts({ claim: { member, since: iso(0), expiresAt: iso(MINUTE) } }), facts({ connected: false, lastConnectedAt: null })];
    for (const each of cases) {
      const change = nextStateChange(each, T0)!;
      expect(agentStateAt(each, change - 1).name).toBe(agentStateAt(each, T0).name);
      expect(agentStateAt(each, change).name).not.toBe(agentStateAt(each, T0).name);
    }
  });
});
