import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createMockServer } from "../node";
import { liveBoard } from "./board";
import { startDemoFloor } from "./demoFloor";

/** A seeded sequence, so the floor does the same on every run. */
function seeded(seed: number) {
  let state = seed;
  return () => ((state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
}

describe("the demo floor", () => {
  const { db, server } = createMockServer({ size: 800, now: () => new Date() });
  let stop = () => {};
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "setTimeout", "clearTimeout", "Date"] });
    server.listen({ onUnhandledFrame: "error" });
  });
  afterEach(() => {
    stop();
    server.close();
    vi.useRealTimers();
  });

  it("has the demo world's other agents sign in, claim, call and save through the API, so the board moves", async () => {
    const savedBefore = db.results.length;
    stop = startDemoFloor(db, { baseUrl: "http://localhost/api", random: seeded(7) });
    const floor = db.users.slice(3).map((user) => user.id);
    const seen = new Set<string>();
    for (let second = 0; second < 20 * 60; second += 2) {
      await vi.advanceTimersByTimeAsync(2_000);
      for (const agent of liveBoard(db).agents) if (floor.includes(agent.userId)) seen.add(agent.state.name);
    }
    expect(new Set([...db.sessions.values()].map((session) => session.userId))).toEqual(new Set(floor));
    // Nine agents, a call every two or three minutes each.
    expect(db.results.length - savedBefore).toBeGreaterThan(30);
    expect(db.results.slice(savedBefore).every((result) => floor.includes(result.userId))).toBe(true);
    expect(db.callStarts.some((start) => floor.includes(start.userId))).toBe(true);
    expect([...seen]).toEqual(expect.arrayContaining(["ready", "working", "onCall", "idle", "wrapUpOverdue"]));
    expect(seen.has("offline")).toBe(false);
  }, 120_000);
});
