// One administrative change at a time (staff, practices, regions), whichever instance or command
// makes it: the rules that look at other rows (the last enabled administrator, the next practice
// id) hold only if no other change lands between their check and their write. Disabling goes
// through the one function `npm run user -- disable` uses, which runs its own transaction, so the
// check cannot share a transaction with the write: a lock spans both.
// Within a process the changes queue up; across instances on PostgreSQL a transaction's advisory
// lock, taken in a transaction held open while the work runs on the rest of the pool (as the jobs'
// lock; a session lock would stay behind a transaction pooler's server connection), is held too. PGlite is one process per data folder: the queue is enough, and reserving its one
// connection would stall the work.
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/database.ts";

const queues = new WeakMap<Kysely<Database>, Promise<unknown>>();
const engines = new WeakMap<Kysely<Database>, Promise<boolean>>();

function isPglite(db: Kysely<Database>): Promise<boolean> {
  let answer = engines.get(db);
  if (!answer) {
    answer = sql<{ version: string }>`select version() as version`.execute(db).then(({ rows }) => rows[0]!.version.includes("PGlite"));
    engines.set(db, answer);
  }
  return answer;
}

/** The lock's key within the database, per schema (each test file has a schema of its own). */
const LOCK_KEY = sql`hashtext('recall-desk administration ' || current_schema())`;

/** Runs `work` when no other administrative change is under way, here or on another instance. */
export function withAdministrationLock<T>(db: Kysely<Database>, work: () => Promise<T>): Promise<T> {
  const before = queues.get(db) ?? Promise.resolve();
  const turn = before.catch(() => undefined).then(async () => ((await isPglite(db)) ? work() : acrossInstances(db, work)));
  queues.set(db, turn);
  return turn;
}

function acrossInstances<T>(db: Kysely<Database>, work: () => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${LOCK_KEY})`.execute(trx);
    return work();
  });
}
