import { describe, expect, it } from "vitest";
import { zonedDate } from "../domain/calendar.ts";
import { generateWorld } from "./world.ts";

describe("today's sign-ins of the demo world", () => {
  const world = generateWorld({ size: 1500, today: new Date("2026-11-16T20:00:00Z") });
  const today = zonedDate(world.today);

  it("signs in, once, everyone who called someone today, before their first call", () => {
    const callers = new Set(
      [...world.results.map((r) => ({ userId: r.userId, at: r.createdAt })), ...world.callStarts.map((c) => ({ userId: c.userId, at: c.startedAt }))]
        .filter((work) => zonedDate(work.at) === today)
        .map((work) => work.userId),
    );
    expect(callers.size).toBeGreaterThan(3);
    expect(new Set(world.signIns.map((signIn) => signIn.userId))).toEqual(callers);
    expect(world.signIns).toHaveLength(callers.size);
    for (const signIn of world.signIns) {
      const first = Math.min(...world.results.filter((r) => r.userId === signIn.userId && zonedDate(r.createdAt) === today).map((r) => Date.parse(r.createdAt)));
      expect(Date.parse(signIn.at)).toBeLessThan(first);
    }
  });

  it("signs in nobody before the call center's day began", () => {
    expect(generateWorld({ size: 300, today: new Date("2026-11-16T12:00:00Z") }).signIns).toEqual([]);
  });
});
