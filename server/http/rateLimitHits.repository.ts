// The rate limit's counters (table rate_limit_hits), one per key, on the database's clock
// (rateLimitStore.ts says why).
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "../db/database.ts";

/**
 * The statement that counts one hit of the key: `insert … returning hits, ttl` (ttl: milliseconds
 * left of its window). The key may be an expression over `from`'s row: counted once per row.
 */
export const countHitSql = (key: string | RawBuilder<string>, windowMs: number, from?: RawBuilder<unknown>) => sql<{ hits: number; ttl: number }>`
    insert into rate_limit_hits as r (key, hits, window_ends_at)
    select ${key}, 1, now() + ${windowMs} * interval '1 millisecond' ${from ? sql`from ${from}` : sql``}
    on conflict (key) do update set
      hits = case when r.window_ends_at <= now() then 1 else r.hits + 1 end,
      window_ends_at = case when r.window_ends_at <= now() then excluded.window_ends_at else r.window_ends_at end
    returning hits, greatest(0, ceil(extract(epoch from (window_ends_at - now())) * 1000))::int as ttl`;

export async function countHit(db: Kysely<Database>, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const { rows } = await countHitSql(key, windowMs).execute(db);
  const row = rows[0]!;
  return { current: row.hits, ttl: row.ttl };
}

/** Counters whose window ended: a key seen again starts a new window anyway. */
export async function forgetEndedWindows(db: Kysely<Database>): Promise<number> {
  const result = await db.deleteFrom("rate_limit_hits").where("window_ends_at", "<=", sql<Date>`now()`).executeTakeFirst();
  return Number(result.numDeletedRows);
}
