// One run of a job at a time (docs/architecture.md, Embedded default and scale-out): within this process by
// a set of the jobs running here, across server instances by a PostgreSQL session advisory lock.
// A session lock belongs to the connection that took it, so it is taken and released on one
// connection reserved for the whole run; the run's own queries use the rest of the pool.
// PGlite needs only the first guard and must not get the second: it is one process per data folder
// (db/lock.ts) with one connection, and reserving that connection would stall every request.
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/database.ts";

const runningHere = new WeakMap<Kysely<Database>, Set<number>>();
const engines = new WeakMap<Kysely<Database>, Promise<boolean>>();

async function isPglite(db: Kysely<Database>): Promise<boolean> {
  let answer = engines.get(db);
  if (!answer) {
    answer = sql<{ version: string }>`select version() as version`.execute(db).then(({ rows }) => rows[0]!.version.includes("PGlite"));
    engines.set(db, answer);
  }
  return answer;
}

/**
 * The lock's two keys: the jobs' namespace within the database, which includes the schema (each
 * test file has its own schema in one database, and advisory locks are per database), and the job.
 */
const lockKeys = (jobId: number) => sql`hashtext('recall-desk jobs ' || current_schema()), ${jobId}::int`;

export type Locked<T> = { ran: true; value: T } | { ran: false };

/** Runs `work` if no one else runs the job now, here or on another instance; otherwise `{ ran: false }`. */
export async function withJobLock<T>(db: Kysely<Database>, jobId: number, work: () => Promise<T>): Promise<Locked<T>> {
  const local = runningHere.get(db) ?? new Set<number>();
  runningHere.set(db, local);
  if (local.has(jobId)) return { ran: false };
  local.add(jobId);
  try {
    if (await isPglite(db)) return { ran: true, value: await work() };
    return await db.connection().execute(async (connection) => {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${lockKeys(jobId)}) as locked`.execute(connection);
      if (!rows[0]?.locked) return { ran: false } as const;
      try {
        return { ran: true, value: await work() } as const;
      } finally {
        // A connection that broke has lost the lock with its session already.
        await sql`select pg_advisory_unlock(${lockKeys(jobId)})`.execute(connection).catch(() => undefined);
      }
    });
  } finally {
    local.delete(jobId);
  }
}
