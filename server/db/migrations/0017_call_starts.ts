// Calls agents start from a member's phone link, kept beside the results they save so that
// administrators can compare the two (GET /report/call-activity).
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE call_starts (
      id serial PRIMARY KEY,
      member_id integer NOT NULL REFERENCES members (id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      started_at timestamptz NOT NULL
    )`.execute(db);
  // The report reads a range of days.
  await sql`CREATE INDEX call_starts_started_at_idx ON call_starts (started_at)`.execute(db);
  await sql`CREATE INDEX call_starts_member_idx ON call_starts (member_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE call_starts`.execute(db);
}
