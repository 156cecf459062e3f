// The import takes a recording in from the phone system's listing alone (key, size) and reads its
// first bytes afterwards, a run's share at a time: a recording imported and not yet checked to be
// audio has no audio_checked_at. The recordings imported before were checked as they came in.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE call_recordings ADD COLUMN audio_checked_at timestamptz`.execute(db);
  await sql`UPDATE call_recordings SET audio_checked_at = now() WHERE audio_in = 'source'`.execute(db);
  // What each run checks, oldest first.
  await sql`CREATE INDEX call_recordings_audio_unchecked_idx ON call_recordings (id) WHERE audio_in = 'source' AND audio_checked_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX call_recordings_audio_unchecked_idx`.execute(db);
  await sql`ALTER TABLE call_recordings DROP COLUMN audio_checked_at`.execute(db);
}
