// What ends with a session, and the open event streams a user may hold, shared by every instance.
// A claim names the session it was made from, so that signing out ends that session's claims and
// not those of the user's other live sessions; every kind of ending (sign-out, disable, expiry)
// ends exactly the claims of the sessions it ends. Open event streams are rows, so that the limit
// per user is counted in the database: each is written when it opens, marked seen by its instance
// while it lasts, and removed when it ends; a row an instance that died left behind stops counting
// once it is no longer seen (domain/team/events.ts).
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE member_claims ADD COLUMN session_id uuid REFERENCES sessions (id) ON DELETE CASCADE`.execute(db);
  // Claims live two minutes: those of the moment go to the user's latest live session, any other ends.
  await sql`
    UPDATE member_claims c SET session_id = (
      SELECT s.id FROM sessions s WHERE s.user_id = c.user_id AND s.revoked_at IS NULL ORDER BY s.last_seen_at DESC LIMIT 1)`.execute(db);
  await sql`DELETE FROM member_claims WHERE session_id IS NULL`.execute(db);
  await sql`ALTER TABLE member_claims ALTER COLUMN session_id SET NOT NULL`.execute(db);
  await sql`CREATE INDEX member_claims_session_idx ON member_claims (session_id)`.execute(db);

  await sql`
    CREATE TABLE event_streams (
      id uuid PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
      opened_at timestamptz NOT NULL,
      seen_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX event_streams_user_idx ON event_streams (user_id, seen_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE event_streams`.execute(db);
  await sql`DROP INDEX member_claims_session_idx`.execute(db);
  await sql`ALTER TABLE member_claims DROP COLUMN session_id`.execute(db);
}
