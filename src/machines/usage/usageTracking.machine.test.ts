import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createActor, fromPromise } from "xstate";
import { usageTrackingMachine, type PageVisit } from "./usageTracking.machine";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const visitor = { id: 2, defaultLocationId: "3;4" };

function start() {
  const saved: PageVisit[] = [];
  const actor = createActor(
    usageTrackingMachine.provide({
      actors: { saveVisit: fromPromise(async ({ input }) => void saved.push(input)) },
    }),
  ).start();
  return { actor, saved };
}

describe("usage tracking", () => {
  it("posts the visit 3 s after a navigation while signed in, not before", async () => {
    const { actor, saved } = start();
    actor.send({ type: "navigation.changed", path: "/dashboard", visitor });

    await vi.advanceTimersByTimeAsync(2999);
    expect(saved).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);

    expect(saved).toEqual([
      { userId: 2, defualtPracticeId: "3;4", visitedUrl: "/dashboard", token: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    ]);
  });

  it("counts only the page the user stayed on when navigating again within 3 s", async () => {
    const { actor, saved } = start();
    actor.send({ type: "navigation.changed", path: "/dashboard", visitor });
    await vi.advanceTimersByTimeAsync(2000);
    actor.send({ type: "navigation.changed", path: "/members/all", visitor });
    await vi.advanceTimersByTimeAsync(2999);
    expect(saved).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(saved.map((visit) => visit.visitedUrl)).toEqual(["/members/all"]);
  });

  it("posts nothing while signed out, and drops a pending visit on sign-out", async () => {
    const { actor, saved } = start();
    actor.send({ type: "navigation.changed", path: "/", visitor: null });
    actor.send({ type: "navigation.changed", path: "/dashboard", visitor });
    actor.send({ type: "navigation.changed", path: "/", visitor: null });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(saved).toEqual([]);
  });

  it("gives every visit its own token", async () => {
    const { actor, saved } = start();
    actor.send({ type: "navigation.changed", path: "/dashboard", visitor });
    await vi.advanceTimersByTimeAsync(3000);
    actor.send({ type: "navigation.changed", path: "/dashboard", visitor });
    await vi.advanceTimersByTimeAsync(3000);
    expect(saved).toHaveLength(2);
    expect(saved[0]!.token).not.toBe(saved[1]!.token);
  });
});
