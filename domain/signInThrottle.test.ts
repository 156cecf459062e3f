import { describe, expect, it } from "vitest";
import { accountKey, countAttempt, FORGET_AFTER_MS, FREE_FAILURES, lockMs, LONGEST_LOCK_MS, type AccountFailures } from "./signInThrottle.ts";

const at = (seconds: number) => Date.UTC(2026, 10, 16, 12) + seconds * 1000;

/** The state after n attempts made one second apart, none of them waiting. */
function afterAttempts(n: number): AccountFailures | undefined {
  let state: AccountFailures | undefined;
  for (let index = 0; index < n; index += 1) {
    const attempt = countAttempt(state, at(index));
    if (attempt.locked) throw new Error(`attempt ${index + 1} was refused`);
    state = attempt.counted;
  }
  return state;
}

describe("countAttempt", () => {
  it("counts the free failures without a wait, then makes the account wait 30 s", () => {
    expect(afterAttempts(FREE_FAILURES - 1)!.lockedUntil).toBeNull();
    const fifth = afterAttempts(FREE_FAILURES)!;
    expect(fifth.failures).toBe(FREE_FAILURES);
    expect(fifth.lockedUntil).toBe(at(FREE_FAILURES - 1) + 30_000);
  });

  it("refuses every attempt while the account waits, telling how long is left, and counts none of them", () => {
    const locked = afterAttempts(FREE_FAILURES)!;
    expect(countAttempt(locked, at(FREE_FAILURES))).toEqual({ locked: true, retryAfterSeconds: 29 });
    expect(countAttempt(locked, locked.lockedUntil! - 1)).toEqual({ locked: true, retryAfterSeconds: 1 });
    const after = countAttempt(locked, locked.lockedUntil!);
    expect(after).toMatchObject({ locked: false, counted: { failures: FREE_FAILURES + 1 } });
  });

  it("doubles the wait with each further failure, up to 15 minutes", () => {
    expect([5, 6, 7, 8, 9, 10, 11].map(lockMs)).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, LONGEST_LOCK_MS, LONGEST_LOCK_MS]);
    expect(lockMs(1_000)).toBe(LONGEST_LOCK_MS);
  });

  it("forgets failures a day old", () => {
    const old = { failures: 9, lastFailedAt: at(0), lockedUntil: at(60) };
    expect(countAttempt(old, at(0) + FORGET_AFTER_MS)).toEqual({
      locked: false,
      counted: { failures: 1, lastFailedAt: at(0) + FORGET_AFTER_MS, lockedUntil: null },
    });
  });
});

describe("accountKey", () => {
  it("is the e-mail as compared everywhere: trimmed, lower case", () => {
    expect(accountKey(" Marcus.Reed@RecallDesk.example ")).toBe("marcus.reed@recalldesk.example");
  });
});
