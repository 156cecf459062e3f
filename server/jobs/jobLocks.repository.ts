// The SQL of a job's lock (lock.ts): which engine runs the database, and PostgreSQL's
// transaction-scoped advisory lock of a job.
import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../db/database.ts";

export async function runsOnPglite(db: Kysely<Database>): Promise<boolean> {
  const { rows } = await sql<{ version: string }>`select version() as version`.execute(db);
  return rows[0]!.version.includes("PGlite");
}

/**
 * The lock's two keys: the jobs' namespace within the database, which includes the schema (each
 * test file has its own schema in one database, and advisory locks are per database), and the job.
 */
const lockKeys = (jobId: number) => sql`hashtext('recall-desk jobs ' || current_schema()), ${jobId}::int`;

/** Whether this transaction now holds the job's lock, until it ends (false: another holds it). */
export async function tryJobLock(trx: Transaction<Database>, jobId: number): Promise<boolean> {
  const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(${lockKeys(jobId)}) as locked`.execute(trx);
  return rows[0]?.locked === true;
}
