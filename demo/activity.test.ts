import { beforeAll, describe, expect, it } from "vitest";
import { RESULT_OPTIONS } from "../domain/vocabulary.ts";
import { generateWorld, type DemoWorld } from "./world.ts";
import type { NoteRecord, ResultRecord } from "./records.ts";
import { PRACTICE_TIME_ZONE } from "../domain/vocabulary.ts";

const DAY_MS = 86_400_000;
const local = new Intl.DateTimeFormat("en-US", { timeZone: PRACTICE_TIME_ZONE, hour: "numeric", hourCycle: "h23", weekday: "short" });
const localHourAndDay = (iso: string) => {
  const parts = local.formatToParts(new Date(iso));
  return { hour: Number(parts.find((p) => p.type === "hour")!.value), weekday: parts.find((p) => p.type === "weekday")!.value };
};

function latestByMember<T extends { id: number; memberId: number; createdAt: string }>(records: T[]): Map<number, T> {
  const latest = new Map<number, T>();
  for (const record of records) {
    const current = latest.get(record.memberId);
    if (!current || record.createdAt > current.createdAt || (record.createdAt === current.createdAt && record.id > current.id)) {
      latest.set(record.memberId, record);
    }
  }
  return latest;
}

describe("buildActivity", () => {
  let db: DemoWorld;
  beforeAll(() => {
    db = generateWorld({ size: 3000 });
  });

  it("shows on every member the latest result and note of its history", () => {
    const results = latestByMember<ResultRecord>(db.results);
    const notes = latestByMember<NoteRecord>(db.notes);
    for (const member of db.members) {
      expect(member.Result).toBe(results.get(member.id)?.Result ?? "");
      expect(member.notes).toBe(notes.get(member.id)?.notes ?? null);
      expect(member.notestimestamp).toBe(notes.get(member.id)?.createdAt ?? null);
    }
  });

  it("is the work of the seeded staff, after the member arrived and before now", () => {
    const staff = new Set(db.users.map((user) => user.id));
    const entered = new Map(db.members.map((member) => [member.id, member.entryTime]));
    for (const record of [...db.results, ...db.notes]) {
      expect(staff.has(record.userId)).toBe(true);
      expect(record.createdAt < db.today.toISOString()).toBe(true);
      expect(record.createdAt > entered.get(record.memberId)!).toBe(true);
    }
  });

  it("has calls at the call center's hours, 8:00 to 18:00 in Chicago, never on Sundays", () => {
    for (const result of db.results) {
      const { hour, weekday } = localHourAndDay(result.createdAt);
      expect(hour).toBeGreaterThanOrEqual(8);
      expect(hour).toBeLessThan(18);
      expect(weekday).not.toBe("Sun");
    }
  });

  it("spreads the calls over the last two months, today included, with more on weekdays than Saturdays", () => {
    const times = db.results.map((result) => Date.parse(result.createdAt));
    const today = db.today.getTime();
    expect(Math.min(...times)).toBeLessThan(today - 55 * DAY_MS);
    expect(Math.max(...times)).toBeGreaterThan(today - 2 * 3_600_000); // this morning (9:00 in Chicago)
    const perWeekday = Map.groupBy(db.results, (result) => localHourAndDay(result.createdAt).weekday);
    expect(perWeekday.get("Tue")!.length).toBeGreaterThan(1.5 * perWeekday.get("Sat")!.length);
  });

  it("uses every result option, with ids in time order", () => {
    expect(new Set(db.results.map((result) => result.Result))).toEqual(new Set(RESULT_OPTIONS));
    const byId = [...db.results].sort((a, b) => a.id - b.id).map((result) => result.createdAt);
    expect(byId).toEqual([...byId].sort());
  });
});
