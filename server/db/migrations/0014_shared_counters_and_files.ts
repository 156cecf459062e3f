// What several server instances must share, in the database rather than in one process: the
// rate-limit counters of the sign-in calls (server/http/rateLimitStore.ts) and the files the
// server keeps, call recordings, help files and queued mail (server/files/fileStore.ts).
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // One fixed window per key (a route and an address); a key whose window ended starts again at 1.
  await sql`
    CREATE TABLE rate_limit_hits (
      key text PRIMARY KEY,
      hits integer NOT NULL,
      window_ends_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX rate_limit_hits_window_idx ON rate_limit_hits (window_ends_at)`.execute(db);
  // A file by its area and its name within it (a recording's file_path, a help file's name, an .eml).
  await sql`
    CREATE TABLE stored_files (
      area text NOT NULL CHECK (area IN ('recordings', 'help', 'outbox')),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 500),
      content_type text NOT NULL,
      size integer NOT NULL,
      content bytea NOT NULL,
      stored_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (area, name)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE stored_files`.execute(db);
  await sql`DROP TABLE rate_limit_hits`.execute(db);
}
