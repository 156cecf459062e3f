// @fastify/rate-limit's counters in the database, so that every instance behind a load balancer
// counts the same calls (a counter in one process's memory lets n instances allow n times the
// limit). One statement per call: the counter of a key (the call and the client's address) is
// created, reset when its window has ended, or incremented, atomically on either engine. The
// windows run on the database's clock, the one clock every instance shares.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import { countHit, forgetEndedWindows } from "./rateLimitHits.repository.ts";

type Callback = Parameters<FastifyRateLimitStore["incr"]>[1];

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
