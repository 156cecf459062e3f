// Recordings the phone system writes (server/recordings/ingest): each row knows the key it came
// from (unique, so no key is added twice), whether its audio stays in the phone system's place or
// is in the file store, and the member and call start it was matched to. The import keeps, per
// place, the last key it took in, so each run lists only what came after it.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE call_recordings ADD COLUMN source_key text UNIQUE`.execute(db);
  await sql`ALTER TABLE call_recordings ADD COLUMN audio_in text NOT NULL DEFAULT 'store' CHECK (audio_in IN ('store', 'source'))`.execute(db);
  await sql`ALTER TABLE call_recordings ADD COLUMN member_id integer REFERENCES members (id) ON DELETE SET NULL`.execute(db);
  await sql`ALTER TABLE call_recordings ADD COLUMN call_start_id integer REFERENCES call_starts (id) ON DELETE SET NULL`.execute(db);
  // A recording is matched to its member by practice and phone.
  await sql`CREATE INDEX members_practice_phone_digits_idx ON members (practice_id, phone_digits)`.execute(db);
  // And to the call start of its agent and member, or of its phone, within minutes of it.
  await sql`CREATE INDEX call_starts_member_started_idx ON call_starts (member_id, started_at)`.execute(db);
  await sql`
    CREATE TABLE recording_import_cursors (
      source text PRIMARY KEY,
      last_key text NOT NULL,
      updated_at timestamptz NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE recording_import_cursors`.execute(db);
  await sql`DROP INDEX call_starts_member_started_idx`.execute(db);
  await sql`DROP INDEX members_practice_phone_digits_idx`.execute(db);
  for (const column of ["call_start_id", "member_id", "audio_in", "source_key"]) {
    await sql`ALTER TABLE call_recordings DROP COLUMN ${sql.ref(column)}`.execute(db);
  }
}
