// Statements PostgreSQL plans once per connection. Next's statements are long, and PostgreSQL took
// longer to plan them than to run them (at 1,000,000 members the take 7.8 ms to plan, 0.9 ms to
// run; the claim 4.9 and 0.4): the planner reads the catalogs and statistics of every index of
// every table each statement names. A statement whose text starts with PREPARED is sent as a named
// prepared statement instead, its name the hash of its text, so each connection plans it a few
// times and then keeps a plan for any values (PostgreSQL's own choice, plan_cache_mode auto). Only
// on a direct connection: behind a transaction pooler (PgBouncer 1.18) a prepared statement would
// not outlive its transaction's server connection, so there they stay unnamed as before.
import { createHash } from "node:crypto";
import { sql } from "kysely";
import type pg from "pg";

const MARK = "/* prepared */";

/** Put first in a statement's text: PostgreSQL plans it once per connection. */
export const PREPARED = sql.raw(`${MARK} `);

type Query = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/** The statements' names by text: hashing Next's long statements at every call cost more than the rest of sending them. */
const names = new Map<string, string>();
const MOST_NAMES = 1_000;

function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= MOST_NAMES) names.clear();
    name = createHash("sha1").update(text).digest("hex");
    names.set(text, name);
  }
  return name;
}

/** Sends the pool's statements marked PREPARED as named prepared statements. */
export function preparingMarked(pool: pg.Pool): pg.Pool {
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as Query;
    const named: Query = (config, values, callback) =>
      typeof config === "string" && config.startsWith(MARK) ? query({ name: nameOf(config), text: config, values }, callback) : query(config, values, callback);
    Object.assign(client, { query: named });
  });
  return pool;
}
