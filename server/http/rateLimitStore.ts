// @fastify/rate-limit's counters in the database, so that every instance behind a load balancer
// counts the same calls (a counter in one process's memory lets n instances allow n times the
// limit). One statement per call: the counter of a key (the call and the client's address) is
// created, reset when its window has ended, or incremented, atomically on either engine. The
// windows run on the database's clock, the one clock every instance shares.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/database.ts";

type Callback = Parameters<FastifyRateLimitStore["incr"]>[1];

export async function countHit(db: Kysely<Database>, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const { rows } = await sql<{ hits: number; ttl: number }>`
    insert into rate_limit_hits as r (key, hits, window_ends_at)
    values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
    on conflict (key) do update set
      hits = case when r.window_ends_at <= now() then 1 else r.hits + 1 end,
      window_ends_at = case when r.window_ends_at <= now() then excluded.window_ends_at else r.window_ends_at end
    returning hits, greatest(0, ceil(extract(epoch from (window_ends_at - now())) * 1000))::int as ttl`.execute(db);
  const row = rows[0]!;
  return { current: row.hits, ttl: row.ttl };
}

/** Counters whose window ended: a key seen again starts a new window anyway. */
export async function forgetEndedWindows(db: Kysely<Database>): Promise<number> {
  const result = await db.deleteFrom("rate_limit_hits").where("window_ends_at", "<=", sql<Date>`now()`).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** How often an instance sweeps ended windows (addresses that never come back would pile up). */
const SWEEP_EVERY_MS = 60_000;

/** The store class @fastify/rate-limit instantiates, bound to the app's database. */
export function databaseRateLimitStore(db: Kysely<Database>): FastifyRateLimitStoreCtor {
  let sweptAt = Date.now();
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number): void {
      if (Date.now() - sweptAt >= SWEEP_EVERY_MS) {
        sweptAt = Date.now();
        // Best effort: a failed sweep is retried a minute later and never fails the call.
        forgetEndedWindows(db).catch(() => {});
      }
      countHit(db, key, timeWindow).then(
        (state) => callback(null, state),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    /** Keys name their call (security.ts), so every route may share one table. */
    child(): FastifyRateLimitStore {
      return new DatabaseRateLimitStore();
    }
  };
}
