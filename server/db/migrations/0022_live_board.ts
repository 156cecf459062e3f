// The supervisor's live board (openapi.yaml getLiveBoard): what every server instance must see of
// the others to tell an agent's state. The live streams open on each instance (an agent without one
// for 60 seconds is Offline), kept fresh by their instance and closed when they end or when their
// instance stops refreshing them (it crashed); and when each claim began, which renewals keep.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE live_streams (
      id uuid PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
      instance_id uuid NOT NULL,
      opened_at timestamptz NOT NULL,
      seen_at timestamptz NOT NULL,
      closed_at timestamptz
    )`.execute(db);
  // The board reads a user's streams; an instance refreshes its open ones; every instance closes
  // open ones no instance refreshed.
  await sql`CREATE INDEX live_streams_user_idx ON live_streams (user_id, seen_at)`.execute(db);
  await sql`CREATE INDEX live_streams_open_by_instance_idx ON live_streams (instance_id) WHERE closed_at IS NULL`.execute(db);
  await sql`CREATE INDEX live_streams_open_seen_idx ON live_streams (seen_at) WHERE closed_at IS NULL`.execute(db);
  await sql`CREATE INDEX live_streams_closed_idx ON live_streams (closed_at) WHERE closed_at IS NOT NULL`.execute(db);
  // Claims made before this migration count as made when it ran.
  await sql`ALTER TABLE member_claims ADD COLUMN claimed_at timestamptz NOT NULL DEFAULT now()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE member_claims DROP COLUMN claimed_at`.execute(db);
  await sql`DROP TABLE live_streams`.execute(db);
}
