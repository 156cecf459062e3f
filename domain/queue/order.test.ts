import { describe, expect, it } from "vitest";
import { compareQueuePlaces, servedWhateverFilters, type QueuePlace } from "./order.ts";

const place = (memberId: number, overrides: Partial<QueuePlace> = {}): QueuePlace => ({
  group: "queue",
  dueAt: null,
  rank: 5,
  recareDue: null,
  attempts: 0,
  lastAttemptAt: null,
  memberId,
  ...overrides,
});
const ordered = (...places: QueuePlace[]) => [...places].sort(compareQueuePlaces).map((p) => p.memberId);

describe("the queue's order", () => {
  it("serves the caller's due callbacks, then anyone's overdue ones, then the queue, each callback group oldest due first", () => {
    expect(
      ordered(
        place(1, { rank: 1 }),
        place(2, { group: "overdueCallback", dueAt: 200 }),
        place(3, { group: "yourCallback", dueAt: 300 }),
        place(4, { group: "overdueCallback", dueAt: 100 }),
        place(5, { group: "yourCallback", dueAt: 250 }),
      ),
    ).toEqual([5, 3, 4, 2, 1]);
  });

  it("orders the queue by treatment priority P1 to P4, then members without one", () => {
    expect(ordered(place(1, { rank: 5 }), place(2, { rank: 2 }), place(3, { rank: 1 }), place(4, { rank: 4 }))).toEqual([3, 2, 4, 1]);
  });

  it("then by most days past recare due, members without a visit last", () => {
    expect(ordered(place(1, { recareDue: null }), place(2, { recareDue: "2026-05-01" }), place(3, { recareDue: "2025-12-01" }))).toEqual([3, 2, 1]);
  });

  it("then by fewest attempts, then longest since the last attempt (never first), then id", () => {
    expect(ordered(place(1, { attempts: 2 }), place(2, { attempts: 1 }))).toEqual([2, 1]);
    expect(ordered(place(1, { attempts: 1, lastAttemptAt: 500 }), place(2, { attempts: 1, lastAttemptAt: 100 }), place(3, { attempts: 1, lastAttemptAt: null }))).toEqual([3, 2, 1]);
    expect(ordered(place(9), place(4), place(7))).toEqual([4, 7, 9]);
  });

  it("never ties two members", () => {
    expect(compareQueuePlaces(place(1), place(2))).toBeLessThan(0);
    expect(compareQueuePlaces(place(2, { group: "yourCallback", dueAt: 5 }), place(1, { group: "yourCallback", dueAt: 5 }))).toBeGreaterThan(0);
  });
});

describe("the list's filters", () => {
  it("never hide the caller's own due callbacks; every other group keeps to them", () => {
    expect(servedWhateverFilters("yourCallback")).toBe(true);
    expect(servedWhateverFilters("overdueCallback")).toBe(false);
    expect(servedWhateverFilters("queue")).toBe(false);
  });
});
