// When the call center's staff signed in today: each who called someone today (a call started or
// a result saved) signed in a few minutes before their first call of the day. The live board
// lists them (openapi.yaml getLiveBoard); the fake backend opens their sessions, the server's seed
// writes them. Drawn from a Faker of its own, so the rest of the world does not change with it.
import { Faker, en } from "@faker-js/faker";
import { addDays, startOfZonedDay, zonedDate } from "../domain/calendar.ts";
import type { CallStartRecord, ResultRecord } from "./records.ts";

/** A sign-in of a member of staff. */
export interface SignInRecord {
  id: number;
  userId: number;
  at: string;
}

const MINUTE_MS = 60_000;

export function buildSignIns(seed: number, today: Date, work: { results: readonly ResultRecord[]; callStarts: readonly CallStartRecord[] }): SignInRecord[] {
  const faker = new Faker({ locale: [en] });
  faker.seed(seed);
  const day = zonedDate(today);
  const dayStart = startOfZonedDay(day);
  const dayEnd = Math.min(startOfZonedDay(addDays(day, 1)), today.getTime() + 1);
  const firstCall = new Map<number, number>();
  const times = [
    ...work.results.map((result) => ({ userId: result.userId, at: Date.parse(result.createdAt) })),
    ...work.callStarts.map((start) => ({ userId: start.userId, at: Date.parse(start.startedAt) })),
  ];
  for (const { userId, at } of times) {
    if (at < dayStart || at >= dayEnd) continue;
    firstCall.set(userId, Math.min(firstCall.get(userId) ?? at, at));
  }
  return [...firstCall]
    .sort(([a], [b]) => a - b)
    .map(([userId, at], index) => ({ id: index + 1, userId, at: new Date(at - faker.number.int({ min: 2, max: 15 }) * MINUTE_MS).toISOString() }));
}
