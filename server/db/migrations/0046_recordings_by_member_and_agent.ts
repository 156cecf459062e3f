// Call Recordings opened on one member's or one agent's recordings (the members list's results
// history, the live board's agent day): each filter read on an index in the directory's order,
// newest first, as the practice and campaign filters are.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX call_recordings_member_idx ON call_recordings (member_id, recorded_at DESC, id DESC) WHERE member_id IS NOT NULL`.execute(db);
  // E-mails compared ignoring case: the index holds them in lower case, as the filter asks.
  await sql`CREATE INDEX call_recordings_agent_idx ON call_recordings (lower(agent_email), recorded_at DESC, id DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX call_recordings_agent_idx`.execute(db);
  await sql`DROP INDEX call_recordings_member_idx`.execute(db);
}
