// Call recordings (metadata here, audio files in RECORDINGS_DIR), their campaigns and signed
// download links; help items and each user's help notifications (openapi.yaml, tags
// call-recordings and help).
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("call_campaigns")
    .addColumn("id", "integer", (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn("name", "text", (col) => col.notNull().unique())
    .execute();

  await db.schema
    .createTable("call_recordings")
    .addColumn("id", "integer", (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("date_folder", "date", (col) => col.notNull())
    .addColumn("practice_id", "integer", (col) => col.notNull().references("practices.id"))
    .addColumn("campaign_id", "integer", (col) => col.notNull().references("call_campaigns.id"))
    .addColumn("phone", "text", (col) => col.notNull())
    .addColumn("agent_email", "text", (col) => col.notNull())
    .addColumn("size", "integer", (col) => col.notNull())
    // The contract's opaque `url` key of the recording.
    .addColumn("url", "text", (col) => col.notNull().unique())
    // Where the audio is, relative to RECORDINGS_DIR.
    .addColumn("file_path", "text", (col) => col.notNull())
    .addColumn("recorded_at", "timestamptz", (col) => col.notNull())
    .execute();
  // The directory's order (newest first, ties by id descending), alone and under each filter.
  await sql`CREATE INDEX call_recordings_newest_idx ON call_recordings (recorded_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX call_recordings_practice_idx ON call_recordings (practice_id, recorded_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX call_recordings_campaign_idx ON call_recordings (campaign_id, recorded_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX call_recordings_date_folder_idx ON call_recordings (date_folder, recorded_at DESC, id DESC)`.execute(db);
  // The text search (ILIKE) is a case-insensitive substring of the phone, the agent's e-mail or the name.
  for (const column of ["phone", "agent_email", "name"]) {
    await sql`CREATE INDEX ${sql.id(`call_recordings_${column}_trgm_idx`)} ON call_recordings USING gin (${sql.ref(column)} gin_trgm_ops)`.execute(db);
  }

  // A link is a random token stored only as its SHA-256 hash; the row says who asked for which
  // recording, to save under which name, and until when the link works. It outlives a deleted
  // recording (null), so who downloaded what stays on record and the link answers 404, not 401.
  await db.schema
    .createTable("recording_downloads")
    .addColumn("token_hash", "text", (col) => col.primaryKey())
    .addColumn("recording_id", "integer", (col) => col.references("call_recordings.id").onDelete("set null"))
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id"))
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("issued_at", "timestamptz", (col) => col.notNull())
    .addColumn("expires_at", "timestamptz", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("recording_downloads_expires_at_idx").on("recording_downloads").column("expires_at").execute();

  await db.schema
    .createTable("help_items")
    .addColumn("id", "integer", (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn("heading", "text", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull())
    .addColumn("file_links", "text", (col) => col.notNull())
    .addColumn("parent_page_id", "text", (col) => col.notNull())
    .addColumn("page_id", "text", (col) => col.notNull())
    .addColumn("type", "text", (col) => col.notNull())
    .addColumn("updated_at", "timestamptz", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("help_items_page_id_idx").on("help_items").column("page_id").execute();

  await db.schema
    .createTable("help_notifications")
    .addColumn("id", "integer", (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn("help_id", "integer", (col) => col.notNull().references("help_items.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id"))
    .addColumn("created_at", "timestamptz", (col) => col.notNull())
    .addColumn("seen", "boolean", (col) => col.notNull().defaultTo(false))
    .execute();
  // A user's unseen notifications, newest first.
  await sql`CREATE INDEX help_notifications_unseen_idx ON help_notifications (user_id, created_at DESC, id DESC) WHERE NOT seen`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["help_notifications", "help_items", "recording_downloads", "call_recordings", "call_campaigns"]) {
    await db.schema.dropTable(table).execute();
  }
}
