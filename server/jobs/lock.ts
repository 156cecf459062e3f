// One run of a job at a time (docs/architecture.md, Embedded default and scale-out): within this process by
// a set of the jobs running here, across server instances by a PostgreSQL advisory lock.
// The lock is a transaction's, held open for the whole run on one connection while the run's own
// queries use the rest of the pool: behind a transaction pooler a session lock would stay with
// whichever server connection took it, not with this run. The transaction takes no snapshot
// between statements and writes nothing, so it holds back neither vacuum nor anyone's rows.
// PGlite needs only the first guard and must not get the second: it is one process per data folder
// (db/lock.ts) with one connection, and reserving that connection would stall every request.
import type { Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import { runsOnPglite, tryJobLock } from "./jobLocks.repository.ts";

const runningHere = new WeakMap<Kysely<Database>, Set<number>>();
const engines = new WeakMap<Kysely<Database>, Promise<boolean>>();

/** Whether the database is the embedded PGlite (one connection, in this process), asked once per database. */
export async function isPglite(db: Kysely<Database>): Promise<boolean> {
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
    return await db.transaction().execute(async (trx) => {
      if (!(await tryJobLock(trx, jobId))) return { ran: false } as const;
      return { ran: true, value: await work() } as const;
    });
  } finally {
    local.delete(jobId);
  }
}
