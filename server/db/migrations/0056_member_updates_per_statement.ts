// What follows an update of `members`, once per statement over its transition tables instead of
// once per row. Members are updated in bulk (a practice feed brings thousands of members' Status,
// last visit and next appointment up to date in one statement; a member file updates its known
// members); a save writes `member_work`, never `members`. Per row, a feed's batch of 5,000 changed
// members spent more in these triggers than in the update itself (bench/README.md): the copy of the
// counted columns into `member_work`, its row's move between `member_counts` groups (two upserts of
// the same few hot rows per member) and the queue's stale mark.
//
// The counts of a member's move between groups: a save changes `result` on `member_work` alone
// and keeps its row trigger (one member, its two groups); every other counted column changes on
// `members` and is counted here, once per statement, each group's rows summed and written in key
// order (as member_counts_apply writes them), so two writers never wait on each other in a circle.
import { sql, type Kysely } from "kysely";

const COUNTED = ["practice_id", "company", "status", "mco", "dentist_id"];
const QUEUED = ["status", "phone", "state", "practice_id", "last_visit", "pat_num"];
const GROUP = "practice_id, company, status, result, mco, dentist";

const columnsOf = (row: string, columns: string[]) => columns.map((column) => `${row}.${column}`).join(", ");

/** The row-level triggers of 0024 and 0054 this replaces, as they were (for `down`). */
const GROUP_OF = (row: "OLD" | "NEW") => `${row}.practice_id, ${row}.company, ${row}.status, ${row}.result, ${row}.mco, ${row}.dentist_id`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER queue_state_touch ON members`.execute(db);
  await sql`DROP TRIGGER member_work_copy ON members`.execute(db);
  await sql`DROP TRIGGER member_counts_update ON member_work`.execute(db);
  // A save moves its member between the groups of two results.
  await sql`
    CREATE TRIGGER member_counts_update AFTER UPDATE OF result ON member_work FOR EACH ROW
    WHEN (OLD.result IS DISTINCT FROM NEW.result)
    EXECUTE FUNCTION member_counts_move()`.execute(db);
  await sql.raw(`
    CREATE FUNCTION members_updated() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE queue_state q SET stale = true
        FROM old_rows o JOIN new_rows n ON n.id = o.id
       WHERE q.member_id = n.id AND NOT q.stale
         AND (${columnsOf("o", QUEUED)}) IS DISTINCT FROM (${columnsOf("n", QUEUED)});
      WITH moved AS (
        SELECT n.id, ${COUNTED.map((column) => `o.${column} AS old_${column}, n.${column} AS new_${column}`).join(", ")}
          FROM old_rows o JOIN new_rows n ON n.id = o.id
         WHERE (${columnsOf("o", COUNTED)}) IS DISTINCT FROM (${columnsOf("n", COUNTED)})),
      copied AS (
        UPDATE member_work w SET (${COUNTED.join(", ")}) = (${COUNTED.map((column) => `m.new_${column}`).join(", ")})
          FROM moved m WHERE w.member_id = m.id
        RETURNING w.result, ${COUNTED.map((column) => `m.old_${column}, m.new_${column}`).join(", ")})
      INSERT INTO member_counts AS c (${GROUP}, n)
      SELECT ${GROUP}, sum(delta)::int FROM (
        SELECT old_practice_id AS practice_id, old_company AS company, old_status AS status, result, old_mco AS mco,
               coalesce(old_dentist_id, 0) AS dentist, -1 AS delta FROM copied
        UNION ALL
        SELECT new_practice_id, new_company, new_status, result, new_mco, coalesce(new_dentist_id, 0), 1 FROM copied) AS changes
      GROUP BY ${GROUP} HAVING sum(delta) <> 0 ORDER BY ${GROUP}
      ON CONFLICT (${GROUP}) DO UPDATE SET n = c.n + excluded.n;
      RETURN NULL;
    END $$`).execute(db);
  await sql`
    CREATE TRIGGER members_updated AFTER UPDATE ON members REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION members_updated()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER members_updated ON members`.execute(db);
  await sql`DROP FUNCTION members_updated()`.execute(db);
  await sql`DROP TRIGGER member_counts_update ON member_work`.execute(db);
  await sql.raw(`
    CREATE TRIGGER member_counts_update
    AFTER UPDATE OF practice_id, company, status, result, mco, dentist_id ON member_work FOR EACH ROW
    WHEN ((${GROUP_OF("OLD")}) IS DISTINCT FROM (${GROUP_OF("NEW")}))
    EXECUTE FUNCTION member_counts_move()`).execute(db);
  await sql.raw(`
    CREATE TRIGGER member_work_copy AFTER UPDATE OF ${COUNTED.join(", ")} ON members FOR EACH ROW
    WHEN ((${columnsOf("OLD", COUNTED)}) IS DISTINCT FROM (${columnsOf("NEW", COUNTED)}))
    EXECUTE FUNCTION member_work_copy()`).execute(db);
  await sql.raw(`
    CREATE TRIGGER queue_state_touch AFTER UPDATE OF ${QUEUED.join(", ")} ON members FOR EACH ROW
    WHEN ((${columnsOf("OLD", QUEUED)}) IS DISTINCT FROM (${columnsOf("NEW", QUEUED)}))
    EXECUTE FUNCTION queue_state_touch()`).execute(db);
}
