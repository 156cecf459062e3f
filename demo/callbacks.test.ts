import { describe, expect, it } from "vitest";
import { DEFAULT_QUEUE_RULES } from "../domain/queue/rules.ts";
import { isInCallingWindow } from "../domain/queue/callingWindow.ts";
import { memberTimeZone } from "../domain/queue/timeZones.ts";
import { PRACTICE_TIME_ZONE } from "../domain/vocabulary.ts";
import { DEMO_SIZE, generateWorld } from "./world.ts";

const HOUR = 3_600_000;

describe("the demo's callbacks", () => {
  // The demo's own size (`npm start`): in smaller worlds an agent may have no member whose latest call asked for one.
  const world = generateWorld({ size: DEMO_SIZE });
  const now = world.today.getTime();

  it("give every demo agent some, overdue, due today or next week, inside the member's calling window", () => {
    for (const agent of world.users.filter((user) => !user.isAdmin)) {
      const theirs = world.callbacks.filter((callback) => callback.ownerId === agent.id);
      expect(theirs.length, agent.firstname).toBeGreaterThan(0);
    }
    const dues = world.callbacks.map((callback) => Date.parse(callback.dueAt));
    expect(dues.some((due) => due + DEFAULT_QUEUE_RULES.callbackGraceMs < now)).toBe(true);
    expect(dues.some((due) => due > now && due < now + 24 * HOUR)).toBe(true);
    expect(dues.some((due) => due > now + 6 * 24 * HOUR)).toBe(true);
    for (const callback of world.callbacks) {
      const member = world.members.find((candidate) => candidate.id === callback.memberId)!;
      const zone = memberTimeZone(member.State, world.practiceTimeZones[member.practiceId] ?? PRACTICE_TIME_ZONE);
      expect(isInCallingWindow(Date.parse(callback.dueAt), zone, DEFAULT_QUEUE_RULES.callingWindow)).toBe(true);
    }
  });

  it("were booked after the member asked to be called back, before they came due, one open per member", () => {
    const latest = new Map(world.results.map((result) => [result.memberId, result]));
    for (const callback of world.callbacks) {
      expect(latest.get(callback.memberId)?.Result).toBe("Contact Made Call Back");
      expect(Date.parse(callback.bookedAt)).toBeLessThan(Date.parse(callback.dueAt));
      expect(world.callbackChanges.filter((change) => change.callbackId === callback.id).map((change) => change.change)).toEqual(callback.version === 1 ? ["booked"] : ["booked", "moved"]);
    }
    expect(new Set(world.callbacks.map((callback) => callback.memberId)).size).toBe(world.callbacks.length);
  });

  it("keep El Paso's practice on Mountain time", () => {
    const elPaso = world.practices.find((practice) => practice.practice.endsWith("El Paso"))!;
    expect(world.practiceTimeZones).toEqual({ [elPaso.id]: "America/Denver" });
  });
});
