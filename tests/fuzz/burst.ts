// Requests sent at once for the concurrency stage (limits.ts, queueLimits.ts): how a limit case is
// written, and the burst that sends its requests side by side.
import { openEveryConnection, type TestApp } from "../support/testApp.ts";

export interface LimitOutcome {
  /** Requests the limit let through (any status but its refusal's). */
  passed: number;
  refused: number;
  /** The rows the burst wrote, where each passed request writes one. */
  written?: number;
}

export interface LimitCase {
  name: string;
  run: (test: TestApp, baseUrl: string, user: { id: number; email: string; token: string }) => Promise<LimitOutcome>;
  /** How many requests are sent at once, and how many the limit lets through. */
  sent: number;
  allowed: number;
}

/** The status of a request the limit refused: 429 for a rate, or another (400 for the open callbacks an agent may hold). */
export type RefusalStatus = 429 | 400;

export const post = async (test: TestApp, url: string, token: string, payload?: Record<string, unknown>): Promise<number> =>
  (await test.app.inject({ method: "POST", url, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload }) })).statusCode;

/** Sends `count` at once, after opening every connection of the pool, and tells passed from refused. */
export async function burst(test: TestApp, count: number, send: (index: number) => Promise<number>, refusal: RefusalStatus = 429) {
  await openEveryConnection(test.database);
  const statuses = await Promise.all(Array.from({ length: count }, (_, index) => send(index)));
  return { passed: statuses.filter((status) => status !== refusal).length, refused: statuses.filter((status) => status === refusal).length };
}

export const membersFor = async (test: TestApp, count: number, offset: number) =>
  (await test.database.db.selectFrom("members").select("id").orderBy("id").offset(offset).limit(count).execute()).map((row) => row.id);

