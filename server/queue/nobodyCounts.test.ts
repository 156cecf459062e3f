// The counts "No one to call now" answers with: read once for every caller, kept fresh a second (or
// four times their read when that was slow), then still answered while one read in the background
// replaces them; waited for only when none are kept or they are four seconds past fresh. Nothing of
// that while no change reached the instance and no instant of the groups has passed: they are kept
// unread.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Services } from "../services.ts";
import type * as CountsRepository from "./counts.repository.ts";
import type { CountsRequest, GroupRow } from "./counts.repository.ts";
import type { QueueSetting } from "./queueState.repository.ts";

const reads = vi.hoisted(() => ({ pending: [] as { resolve: (rows: GroupRow[]) => void; reject: (error: Error) => void }[] }));
vi.mock("./counts.repository.ts", async (original) => ({
  ...(await original<typeof CountsRepository>()),
  queueGroups: () => new Promise<GroupRow[]>((resolve, reject) => reads.pending.push({ resolve, reject })),
}));
const { countsWhenNobody } = await import("./nobodyCounts.ts");
const { forgetEmptyHoppers } = await import("./emptyHoppers.ts");

const ZONE = "America/Chicago";
const setting = { rules: { callingWindow: { opensAt: 0, closesAt: 24 * 60 } }, groupZone: ZONE } as unknown as QueueSetting;
/** `n` members outside nothing: eligible, in the open zone. */
const eligible = (n: number, turns: Partial<Pick<GroupRow, "next_turn" | "next_release">> = {}): GroupRow[] => [
  { blocked: null, time_zone: ZONE, has_callback: false, callback_owner: null, before_due: false, before_owner_until: false, held: false, attempts_wait: false, cooling: false, next_ready: null, next_turn: null, next_release: null, n: String(n), ...turns },
];
const request = (): CountsRequest => ({ userId: 1, query: { result: "Appointment Made" }, openZones: [ZONE], now: new Date(), claimsNow: new Date() });

describe("the counts answered when nobody is eligible", () => {
  let services: Services;
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date("2026-11-30T15:00:00Z"), toFake: ["Date"] });
    reads.pending.length = 0;
    services = { db: {} } as Services;
  });
  afterEach(() => vi.useRealTimers());

  /** Answers the oldest read under way with `n` eligible members. */
  const finishRead = async (n: number, turns: Partial<Pick<GroupRow, "next_turn" | "next_release">> = {}) => {
    reads.pending.shift()!.resolve(eligible(n, turns));
    await new Promise((resolve) => setImmediate(resolve));
  };
  /** A change reaches the instance (a save, through the live events). */
  const changed = () => forgetEmptyHoppers(services.db);

  it("are read once for callers asking together, then answered from what was read", async () => {
    const asked = [countsWhenNobody(services, request(), setting), countsWhenNobody(services, request(), setting)];
    expect(reads.pending).toHaveLength(1);
    await finishRead(3);
    expect((await Promise.all(asked)).map((counts) => counts.eligible)).toEqual([3, 3]);
    vi.advanceTimersByTime(999);
    expect((await countsWhenNobody(services, request(), setting)).eligible).toBe(3);
    expect(reads.pending).toHaveLength(0);
  });

  it("past a second, still answer at once while one read replaces them", async () => {
    const first = countsWhenNobody(services, request(), setting);
    await finishRead(3);
    await first;
    changed();
    vi.advanceTimersByTime(1_500);
    expect((await countsWhenNobody(services, request(), setting)).eligible).toBe(3);
    expect((await countsWhenNobody(services, request(), setting)).eligible).toBe(3);
    expect(reads.pending).toHaveLength(1);
    await finishRead(7);
    expect((await countsWhenNobody(services, request(), setting)).eligible).toBe(7);
  });

  it("stay fresh four times as long as a slow read took", async () => {
    const first = countsWhenNobody(services, request(), setting);
    vi.advanceTimersByTime(800);
    await finishRead(3);
    await first;
    changed();
    // Read from 0 to 800 ms: fresh until 3,200 ms.
    vi.advanceTimersByTime(2_300);
    await countsWhenNobody(services, request(), setting);
    expect(reads.pending).toHaveLength(0);
    vi.advanceTimersByTime(200);
    await countsWhenNobody(services, request(), setting);
    expect(reads.pending).toHaveLength(1);
  });

  it("four seconds past fresh, are read again before answering", async () => {
    const first = countsWhenNobody(services, request(), setting);
    await finishRead(3);
    await first;
    changed();
    vi.advanceTimersByTime(5_000);
    const again = countsWhenNobody(services, request(), setting);
    expect(reads.pending).toHaveLength(1);
    await finishRead(0);
    expect((await again).eligible).toBe(0);
  });

  it("are kept unread while nothing changed, until a wait or a hold of theirs ends", async () => {
    const first = countsWhenNobody(services, request(), setting);
    await finishRead(3, { next_turn: new Date(Date.now() + 10_000) });
    await first;
    vi.advanceTimersByTime(9_999);
    expect((await countsWhenNobody(services, request(), setting)).eligible).toBe(3);
    expect(reads.pending).toHaveLength(0);
    // The wait ended: answered at once while one read replaces them.
    vi.advanceTimersByTime(1);
    expect((await countsWhenNobody(services, request(), setting)).eligible).toBe(3);
    expect(reads.pending).toHaveLength(1);
    await finishRead(4, { next_release: new Date(Date.now() + 3_000) });
    vi.advanceTimersByTime(2_999);
    await countsWhenNobody(services, request(), setting);
    expect(reads.pending).toHaveLength(0);
    vi.advanceTimersByTime(1);
    await countsWhenNobody(services, request(), setting);
    expect(reads.pending).toHaveLength(1);
  });

  it("are read again past fresh once a change reaches the instance, and a minute on all the same", async () => {
    const first = countsWhenNobody(services, request(), setting);
    await finishRead(3);
    await first;
    vi.advanceTimersByTime(59_999);
    await countsWhenNobody(services, request(), setting);
    expect(reads.pending).toHaveLength(0);
    vi.advanceTimersByTime(1);
    await countsWhenNobody(services, request(), setting);
    expect(reads.pending).toHaveLength(1);
    await finishRead(5);
    vi.advanceTimersByTime(2_000);
    await countsWhenNobody(services, request(), setting);
    expect(reads.pending).toHaveLength(0);
    changed();
    expect((await countsWhenNobody(services, request(), setting)).eligible).toBe(5);
    expect(reads.pending).toHaveLength(1);
    await finishRead(6);
    expect((await countsWhenNobody(services, request(), setting)).eligible).toBe(6);
  });

  it("are kept per filters, and a failed read is read again at the next press", async () => {
    const other = countsWhenNobody(services, { ...request(), query: { result: "" } }, setting);
    const mine = countsWhenNobody(services, request(), setting);
    expect(reads.pending).toHaveLength(2);
    reads.pending.shift()!.reject(new Error("connection lost"));
    await expect(other).rejects.toThrow("connection lost");
    await finishRead(3);
    expect((await mine).eligible).toBe(3);
    const again = countsWhenNobody(services, { ...request(), query: { result: "" } }, setting);
    expect(reads.pending).toHaveLength(1);
    await finishRead(4);
    expect((await again).eligible).toBe(4);
  });
});
