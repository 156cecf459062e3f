// The SQL of a job's lock (lock.ts): which engine runs the database, and PostgreSQL's session
// advisory lock of a job, taken and released on one connection.
import { sql, type Kysely } from "kysely";
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

/** Whether this connection now holds the job's lock (false: another session holds it). */
export async function tryJobLock(connection: Kysely<Database>, jobId: number): Promise<boolean> {
  const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${lockKeys(jobId)}) as locked`.execute(connection);
  return rows[0]?.locked === true;
}

export async function releaseJobLock(connection: Kysely<Database>, jobId: number): Promise<void> {
  await sql`select pg_advisory_unlock(${lockKeys(jobId)})`.execute(connection);
}
