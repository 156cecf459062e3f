// A worklist for a team (docs/architecture.md, Agents as a team): each member's version and the
// version its latest result and note saves made (domain/team/versions.ts), the claims of agents
// working members (domain/team/claims.ts) and the tickets that open event streams
// (domain/team/events.ts), shared by every server instance.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // Constant defaults: PostgreSQL adds the columns without rewriting the table.
  await sql`
    ALTER TABLE members
      ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
      ADD COLUMN result_version integer NOT NULL DEFAULT 0,
      ADD COLUMN notes_version integer NOT NULL DEFAULT 0`.execute(db);
  // At most one claim per member; one that has ended stays until it is taken over or released,
  // and every read asks for expires_at in the future.
  await sql`
    CREATE TABLE member_claims (
      member_id integer PRIMARY KEY REFERENCES members (id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL
    )`.execute(db);
  // Signing out ends the user's claims.
  await sql`CREATE INDEX member_claims_user_idx ON member_claims (user_id)`.execute(db);
  // Only the SHA-256 of a ticket is kept, as for sessions. A used or expired ticket stays a minute,
  // counting towards its user's tickets a minute (the rate limit every instance shares).
  await sql`
    CREATE TABLE event_tickets (
      ticket_hash text PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
      issued_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX event_tickets_user_issued_idx ON event_tickets (user_id, issued_at)`.execute(db);
  await sql`CREATE INDEX event_tickets_issued_idx ON event_tickets (issued_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE event_tickets`.execute(db);
  await sql`DROP TABLE member_claims`.execute(db);
  await sql`ALTER TABLE members DROP COLUMN notes_version, DROP COLUMN result_version, DROP COLUMN version`.execute(db);
}
