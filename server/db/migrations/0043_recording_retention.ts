// Retention of call recordings' audio (RECORDINGS_RETENTION_DAYS): a recording whose audio was
// removed keeps its row (who called whom, when) for the reports, marked with when. The audio of a
// retention period is removed only after a dry run of that period has counted it: each counted
// period is kept here.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE call_recordings ADD COLUMN audio_removed_at timestamptz`.execute(db);
  // The recordings still holding audio, oldest first: what the daily run reads.
  await sql`CREATE INDEX call_recordings_audio_kept_idx ON call_recordings (recorded_at, id) WHERE audio_removed_at IS NULL`.execute(db);
  await sql`
    CREATE TABLE recording_retention_dry_runs (
      days integer PRIMARY KEY,
      counted_at timestamptz NOT NULL,
      recordings integer NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE recording_retention_dry_runs`.execute(db);
  await sql`DROP INDEX call_recordings_audio_kept_idx`.execute(db);
  await sql`ALTER TABLE call_recordings DROP COLUMN audio_removed_at`.execute(db);
}
