// One run of a job at a time (docs/architecture.md, Embedded default and scale-out): within this process by
// a set of the jobs running here, across server instances by a PostgreSQL session advisory lock.
// A session lock belongs to the connection that took it, so it is taken and released on one
// connection reserved for the whole run; the run's own queries use the rest of the pool.
// PGlite needs only the first guard and must not get the second: it is one process per data folder
// (db/lock.ts) with one connection, and reserving that connection would stall every request.
import type { Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import { releaseJobLock, runsOnPglite, tryJobLock } from "./jobLocks.repository.ts";

const runningHere = new WeakMap<Kysely<Database>, Set<number>>();
const engines = new WeakMap<Kysely<Database>, Promise<boolean>>();

async function isPglite(db: Kysely<Database>): Promise<boolean> {
  let answer = engines.get(db);
  if (!answer) {
    answer = runsOnPglite(db);
    engines.set(db, answer);
  }
  return answer;
}

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
      if (!(await tryJobLock(connection, jobId))) return { ran: false } as const;
      try {
        return { ran: true, value: await work() } as const;
      } finally {
        // A connection that broke has lost the lock with its session already.
        await releaseJobLock(connection, jobId).catch(() => undefined);
      }
    });
  } finally {
    local.delete(jobId);
  }
}
