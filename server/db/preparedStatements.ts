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

/**
 * The most statements a connection keeps prepared. Each keeps its plan in the server's memory
 * (0.4–3 MB for the members list's page, measured by the backend's private memory), and the list
 * has a statement per shape of its filters and sort: past this many, the one used least recently
 * is let go (DEALLOCATE), and prepared again if it comes back.
 */
export const MOST_PREPARED = 100;

/** Sends the pool's statements marked PREPARED as named prepared statements. */
export function preparingMarked(pool: pg.Pool): pg.Pool {
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as Query;
    // This connection's prepared statements, the one used least recently first.
    const kept = new Set<string>();
    const { parsedStatements } = (client as unknown as { connection: { parsedStatements: Record<string, string> } }).connection;
    const named: Query = (config, values, callback) => {
      if (typeof config !== "string" || !config.startsWith(MARK)) return query(config, values, callback);
      const name = nameOf(config);
      kept.delete(name);
      kept.add(name);
      if (kept.size > MOST_PREPARED) {
        const [oldest] = kept;
        kept.delete(oldest!);
        // Sent before this statement, on the same connection. The driver forgets the statement
        // when the server has let it go (its callback runs before the next statement is sent);
        // refused (in a failed transaction), the statement stays prepared and known.
        query(`deallocate "${oldest}"`, undefined, (error: Error | null) => {
          if (!error) delete parsedStatements[oldest!];
        });
      }
      return query({ name, text: config, values }, callback);
    };
    Object.assign(client, { query: named });
  });
  return pool;
}
