// What agents write on a member (its result, note, note time and their versions) in a narrow table
// of its own. On `members` a save's update could never be heap-only (the result and notes are in
// the list's indexes, the pages are full), so each save wrote an entry in every one of its ~53
// indexes, two of them trigram GIN: measured on the statements alone, the same write here, with
// a handful of indexes, ran 3.6× as many saves a second (bench/README.md). The list's filters
// and sorts on these columns read this table's indexes, joined to `members` by id.
//
// `member_counts` (the list's counts by practice, brand, status, result, MCO and dentist) is kept
// from this table alone: it carries copies of the member's counted columns, kept by a trigger on
// `members` (they change on imports and feeds, never on a save).
import { sql, type Kysely } from "kysely";

const COUNTED = ["practice_id", "company", "status", "mco", "dentist_id"];
const WORKED = "result, notes, notes_at, version, result_version, notes_version";

/** The list's sort keys on this table, each direction, ties by member id (as on members, migrations 0002 and 0010). */
const SORTS: Record<string, string> = { result: `result collate "C"`, notes: `notes collate "C"`, notes_at: "notes_at" };

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE member_work (
      member_id integer PRIMARY KEY REFERENCES members (id) ON DELETE CASCADE,
      practice_id integer NOT NULL,
      company text NOT NULL,
      status text NOT NULL,
      mco text NOT NULL,
      dentist_id integer,
      result text NOT NULL DEFAULT '',
      notes text,
      notes_at timestamptz,
      version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
      result_version integer NOT NULL DEFAULT 0,
      notes_version integer NOT NULL DEFAULT 0
    )`.execute(db);
  await sql.raw(`
    INSERT INTO member_work (member_id, ${COUNTED.join(", ")}, ${WORKED})
    SELECT id, ${COUNTED.join(", ")}, ${WORKED} FROM members ORDER BY id`).execute(db);

  // A practice's members with one result (the list's result filter, a campaign's goal).
  await sql`CREATE INDEX member_work_practice_result_idx ON member_work (practice_id, result, member_id)`.execute(db);
  for (const [name, key] of Object.entries(SORTS)) {
    await sql.raw(`CREATE INDEX member_work_sort_${name}_idx ON member_work (${key}, member_id)`).execute(db);
    await sql.raw(`CREATE INDEX member_work_sort_${name}_desc_idx ON member_work (${key} DESC NULLS LAST, member_id)`).execute(db);
  }

  // The counts follow this table: its rows carry the groups' columns (member_counts_apply and
  // member_counts_move read them by the names members had).
  for (const event of ["insert", "update", "delete", "truncate"]) await sql.raw(`DROP TRIGGER member_counts_${event} ON members`).execute(db);
  await sql`CREATE TRIGGER member_counts_insert AFTER INSERT ON member_work REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_counts_apply()`.execute(db);
  await sql`CREATE TRIGGER member_counts_delete AFTER DELETE ON member_work REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_counts_apply()`.execute(db);
  await sql`CREATE TRIGGER member_counts_truncate AFTER TRUNCATE ON member_work FOR EACH STATEMENT EXECUTE FUNCTION member_counts_apply()`.execute(db);
  const group = (row: "OLD" | "NEW") => `${row}.practice_id, ${row}.company, ${row}.status, ${row}.result, ${row}.mco, ${row}.dentist_id`;
  await sql.raw(`
    CREATE TRIGGER member_counts_update
    AFTER UPDATE OF practice_id, company, status, result, mco, dentist_id ON member_work FOR EACH ROW
    WHEN ((${group("OLD")}) IS DISTINCT FROM (${group("NEW")}))
    EXECUTE FUNCTION member_counts_move()`).execute(db);

  // Every member has its row from its insert on (result Blank, no note, version 1).
  await sql.raw(`
    CREATE FUNCTION member_work_add() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO member_work (member_id, ${COUNTED.join(", ")})
      SELECT id, ${COUNTED.join(", ")} FROM new_members ORDER BY id;
      RETURN NULL;
    END $$`).execute(db);
  await sql`CREATE TRIGGER member_work_add AFTER INSERT ON members REFERENCING NEW TABLE AS new_members FOR EACH STATEMENT EXECUTE FUNCTION member_work_add()`.execute(db);
  const counted = (row: "OLD" | "NEW") => COUNTED.map((column) => `${row}.${column}`).join(", ");
  await sql.raw(`
    CREATE FUNCTION member_work_copy() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE member_work SET (${COUNTED.join(", ")}) = (${counted("NEW")}) WHERE member_id = NEW.id;
      RETURN NULL;
    END $$`).execute(db);
  await sql.raw(`
    CREATE TRIGGER member_work_copy AFTER UPDATE OF ${COUNTED.join(", ")} ON members FOR EACH ROW
    WHEN ((${counted("OLD")}) IS DISTINCT FROM (${counted("NEW")}))
    EXECUTE FUNCTION member_work_copy()`).execute(db);

  // Their indexes on members go with them.
  await sql`ALTER TABLE members DROP COLUMN result, DROP COLUMN notes, DROP COLUMN notes_at, DROP COLUMN version, DROP COLUMN result_version, DROP COLUMN notes_version`.execute(db);
  // The list's plans need its statistics from the first request (PGlite has no autovacuum).
  await sql`ANALYZE member_work`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE members ADD COLUMN result text NOT NULL DEFAULT '', ADD COLUMN notes text, ADD COLUMN notes_at timestamptz,
      ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1), ADD COLUMN result_version integer NOT NULL DEFAULT 0,
      ADD COLUMN notes_version integer NOT NULL DEFAULT 0`.execute(db);
  await sql.raw(`UPDATE members m SET (${WORKED}) = (SELECT ${WORKED} FROM member_work w WHERE w.member_id = m.id)`).execute(db);
  await sql`DROP TRIGGER member_work_copy ON members`.execute(db);
  await sql`DROP FUNCTION member_work_copy()`.execute(db);
  await sql`DROP TRIGGER member_work_add ON members`.execute(db);
  await sql`DROP FUNCTION member_work_add()`.execute(db);
  await sql`DROP TABLE member_work`.execute(db);
  await sql`CREATE TRIGGER member_counts_insert AFTER INSERT ON members REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_counts_apply()`.execute(db);
  await sql`CREATE TRIGGER member_counts_delete AFTER DELETE ON members REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_counts_apply()`.execute(db);
  await sql`CREATE TRIGGER member_counts_truncate AFTER TRUNCATE ON members FOR EACH STATEMENT EXECUTE FUNCTION member_counts_apply()`.execute(db);
  const group = (row: "OLD" | "NEW") => `${row}.practice_id, ${row}.company, ${row}.status, ${row}.result, ${row}.mco, ${row}.dentist_id`;
  await sql.raw(`
    CREATE TRIGGER member_counts_update
    AFTER UPDATE OF practice_id, company, status, result, mco, dentist_id ON members FOR EACH ROW
    WHEN ((${group("OLD")}) IS DISTINCT FROM (${group("NEW")}))
    EXECUTE FUNCTION member_counts_move()`).execute(db);
  for (const column of ["result", "notes_at"]) await sql.raw(`CREATE INDEX members_sort_${column}_idx ON members (${column === "result" ? `result collate "C"` : column}, id)`).execute(db);
  await sql`CREATE INDEX members_sort_notes_idx ON members (notes collate "C", id)`.execute(db);
  for (const column of ["result", "notes", "notes_at"]) {
    await sql.raw(`CREATE INDEX members_sort_${column}_desc_idx ON members (${column === "notes_at" ? column : `${column} collate "C"`} DESC NULLS LAST, id)`).execute(db);
  }
  await sql`CREATE INDEX members_practice_result_idx ON members (practice_id, result, id)`.execute(db);
}
