import { describe, expect, it } from "vitest";
import { callbackConflict, dueAtProblems, judgeBooking, mayCancel, mayMove, ownerUntilOf, STALE_CALLBACK, tooManyCallbacks } from "./callbacks.ts";
import { DEFAULT_QUEUE_RULES as RULES } from "./rules.ts";

const at = (iso: string) => Date.parse(iso);
const NOW = at("2026-11-16T15:00:00Z");
const DAY = 86_400_000;
const problemOf = (dueAt: number, timeZone = "America/Chicago") => dueAtProblems(dueAt, NOW, timeZone, RULES)?.details;

describe("a callback's due time", () => {
  it("may be any minute of the calling window in the member's zone, up to 30 days ahead", () => {
    expect(problemOf(at("2026-11-16T21:00:00Z"))).toBeUndefined();
    expect(problemOf(at("2026-12-16T14:00:00Z"))).toBeUndefined();
  });

  it("is refused in the past, and at the present instant", () => {
    expect(problemOf(NOW - 1)).toEqual([{ field: "dueAt", message: "must be in the future" }]);
    expect(problemOf(NOW)).toEqual([{ field: "dueAt", message: "must be in the future" }]);
  });

  it("is refused more than 30 days ahead", () => {
    expect(problemOf(NOW + 30 * DAY)).toBeUndefined();
    expect(problemOf(NOW + 30 * DAY + 60_000)).toEqual([{ field: "dueAt", message: "must be within 30 days" }]);
  });

  it("is refused outside 8:00–21:00 in the member's zone: 7:59 and 21:00 are outside", () => {
    const outside = [{ field: "dueAt", message: "must be inside the calling window (8:00–21:00 in the member's time zone, America/Chicago)" }];
    expect(problemOf(at("2026-11-17T13:59:00Z"))).toEqual(outside);
    expect(problemOf(at("2026-11-17T14:00:00Z"))).toBeUndefined();
    expect(problemOf(at("2026-11-17T02:59:00Z"))).toBeUndefined();
    expect(problemOf(at("2026-11-17T03:00:00Z"))).toEqual(outside);
    // 8:00 in Chicago is 7:00 in El Paso.
    expect(problemOf(at("2026-11-17T14:00:00Z"), "America/Denver")?.[0]?.field).toBe("dueAt");
  });
});

describe("a callback's owner", () => {
  it("keeps it until its due time plus 30 minutes; one booked for anyone has no owner time", () => {
    expect(ownerUntilOf(NOW, 2, RULES)).toBe(NOW + 30 * 60_000);
    expect(ownerUntilOf(NOW, null, RULES)).toBeNull();
  });

  it("may hold 50 open callbacks: the 400 names the field", () => {
    expect(tooManyCallbacks("userId", RULES).details).toEqual([{ field: "userId", message: "already holds 50 open callbacks, the most an agent may" }]);
  });

  it("or anyone for anyone's, or an administrator, may cancel it", () => {
    expect(mayCancel(2, { id: 2, isAdmin: false })).toBe(true);
    expect(mayCancel(2, { id: 3, isAdmin: false })).toBe(false);
    expect(mayCancel(2, { id: 1, isAdmin: true })).toBe(true);
    expect(mayCancel(null, { id: 3, isAdmin: false })).toBe(true);
  });
});

describe("two agents moving one callback", () => {
  it("books the first, moves an open one, refuses a booking that missed another", () => {
    expect(judgeBooking(undefined, undefined)).toBe("book");
    expect(judgeBooking(0, undefined)).toBe("book");
    expect(judgeBooking(undefined, 3)).toBe("move");
    expect(judgeBooking(3, 3)).toBe("move");
    expect(judgeBooking(2, 3)).toBe("stale");
    expect(judgeBooking(0, 1)).toBe("stale");
    expect(judgeBooking(1, undefined)).toBe("stale");
  });

  it("answers the loser 409 with the callback as it is now", () => {
    expect(callbackConflict(null)).toEqual({ message: STALE_CALLBACK, statusCode: 409, current: null });
  });
});

describe("who may move a member's open callback", () => {
  const owned = { ownerId: 7, ownerUntil: NOW + 1 };

  it("its owner, at any time", () => {
    expect(mayMove(owned, 7, NOW)).toBe(true);
    expect(mayMove(owned, 7, NOW + DAY)).toBe(true);
  });

  it("nobody else until it is due plus the grace period, administrators included; anyone from that instant", () => {
    expect(mayMove(owned, 9, NOW)).toBe(false);
    expect(mayMove(owned, 9, NOW + 1)).toBe(true);
  });

  it("anyone, when it was booked for anyone", () => {
    expect(mayMove({ ownerId: null, ownerUntil: null }, 9, NOW)).toBe(true);
  });
});
