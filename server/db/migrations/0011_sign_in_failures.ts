// Sign-in failures per account, shared by every instance (domain/signInThrottle.ts), and the session
// each call-recording link was issued in: a link ends with that session (sign-out, expiry, a
// disabled user), not only after its 5 minutes.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("sign_in_failures")
    // The lower-cased e-mail tried, whether or not it is an account's.
    .addColumn("account", "text", (col) => col.primaryKey())
    .addColumn("failures", "integer", (col) => col.notNull())
    .addColumn("last_failed_at", "timestamptz", (col) => col.notNull())
    .addColumn("locked_until", "timestamptz")
    .execute();
  await db.schema.createIndex("sign_in_failures_last_failed_at_idx").on("sign_in_failures").column("last_failed_at").execute();

  // Links issued before this migration have none and no longer open: they lived 5 minutes anyway.
  await db.schema
    .alterTable("recording_downloads")
    .addColumn("session_id", "uuid", (col) => col.references("sessions.id").onDelete("cascade"))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("recording_downloads").dropColumn("session_id").execute();
  await db.schema.dropTable("sign_in_failures").execute();
}
