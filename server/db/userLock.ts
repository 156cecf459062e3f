// One at a time per user: limits that count a user's recent rows and then write one (feedback,
// event stream tickets and open streams, the open callbacks an agent owns) take this lock in their
// transaction before counting, so that
// requests sent at once are counted one after another instead of all against the same count.
// A transaction-level advisory lock, released at commit or rollback, on every engine (on PGlite,
// one connection, it never waits). Advisory locks belong to the database, not the schema, and the
// tests share one database in schemas of their own: the key names the purpose and the schema.
import { sql, type Transaction } from "kysely";
import type { Database } from "./database.ts";

export type UserLockPurpose = "feedback" | "event tickets" | "event streams" | "open callbacks";

export async function lockForUser(trx: Transaction<Database>, purpose: UserLockPurpose, userId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`recall-desk ${purpose} `} || current_schema()), ${userId}::int)`.execute(trx);
}
