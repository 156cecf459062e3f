// What several server instances must share, in the database rather than in one process: the
// rate-limit counters of the sign-in calls (server/http/rateLimitStore.ts) and the files the
// server keeps, call recordings, help files and queued mail (server/files/fileStore.ts). And saves
// at call-center speed: the members list's counts (member_counts, migration 0010) follow an update
// by a row-level trigger that fires only when a counted column changes, instead of a
// statement-level one over transition tables that ran on every update of members (a note, a
// version) and cost two thirds of a result save's update (PGlite: 31 ms → 9 ms; a note save's
// update 2 ms). Inserts and deletes keep their statement-level triggers (imports are bulk).
import { sql, type Kysely } from "kysely";

const GROUP_OF = (row: "OLD" | "NEW") => `${row}.practice_id, ${row}.company, ${row}.status, ${row}.result, ${row}.mco, ${row}.dentist_id`;

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

  // One statement for both groups, in key order: two saves moving members between the same two
  // groups in opposite directions lock them in the same order and never deadlock.
  await sql.raw(`
    CREATE FUNCTION member_counts_move() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO member_counts AS c (practice_id, company, status, result, mco, dentist, n)
      SELECT * FROM (VALUES
        (OLD.practice_id, OLD.company, OLD.status, OLD.result, OLD.mco, coalesce(OLD.dentist_id, 0), -1),
        (NEW.practice_id, NEW.company, NEW.status, NEW.result, NEW.mco, coalesce(NEW.dentist_id, 0), 1)) AS moved
      ORDER BY 1, 2, 3, 4, 5, 6
      ON CONFLICT (practice_id, company, status, result, mco, dentist) DO UPDATE SET n = c.n + excluded.n;
      RETURN NULL;
    END $$`).execute(db);
  await sql`DROP TRIGGER member_counts_update ON members`.execute(db);
  await sql.raw(`
    CREATE TRIGGER member_counts_update
    AFTER UPDATE OF practice_id, company, status, result, mco, dentist_id ON members FOR EACH ROW
    WHEN ((${GROUP_OF("OLD")}) IS DISTINCT FROM (${GROUP_OF("NEW")}))
    EXECUTE FUNCTION member_counts_move()`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER member_counts_update ON members`.execute(db);
  await sql`DROP FUNCTION member_counts_move()`.execute(db);
  await sql`CREATE TRIGGER member_counts_update AFTER UPDATE ON members REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_counts_apply()`.execute(db);
  await sql`DROP TABLE stored_files`.execute(db);
  await sql`DROP TABLE rate_limit_hits`.execute(db);
}
