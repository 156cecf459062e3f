// What the practices' appointments decide about a member (its Status, last visit and next
// appointment) in a narrow table of their own. On `members` a feed's change of them could never be
// heap-only (the three are in the list's indexes, the pages are full), so each changed member wrote
// an entry in every one of its ~50 indexes: measured on the statement alone, the same 5,000 rows
// here, with the list's few indexes, cost a fifteenth (bench/README.md). Not `member_work`: a
// save's update writes every index of that table, and would then write these too. The list's
// filter and sorts on these columns read this table's indexes, joined to `members` by id.
//
// `member_work` keeps its copy of the Status (the counts' groups are kept from that table alone),
// and the queue's stale marks follow a change here as they followed one on `members`.
import { sql, type Kysely } from "kysely";

const VISITS = "status, last_visit, next_apt";
const NEW_MEMBER_STATUS = "New Patient";
const GROUP = "practice_id, company, status, result, mco, dentist";

/** The list's sort keys on this table, each direction, ties by member id (as on members, migrations 0002 and 0010). */
const SORTS: Record<string, string> = { status: `status collate "C"`, last_visit: "last_visit", next_apt: "next_apt" };

/** members_updated (0056) without the columns that leave `members`; a practice move reaches this table too. */
const MEMBERS_UPDATED = (queued: string[], counted: string[], alsoCopied: string) => {
  const columnsOf = (row: string, columns: string[]) => columns.map((column) => `${row}.${column}`).join(", ");
  return `
    CREATE OR REPLACE FUNCTION members_updated() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE queue_state q SET stale = true
        FROM old_rows o JOIN new_rows n ON n.id = o.id
       WHERE q.member_id = n.id AND NOT q.stale
         AND (${columnsOf("o", queued)}) IS DISTINCT FROM (${columnsOf("n", queued)});
      ${alsoCopied}
      WITH moved AS (
        SELECT n.id, ${counted.map((column) => `o.${column} AS old_${column}, n.${column} AS new_${column}`).join(", ")}
          FROM old_rows o JOIN new_rows n ON n.id = o.id
         WHERE (${columnsOf("o", counted)}) IS DISTINCT FROM (${columnsOf("n", counted)})),
      copied AS (
        UPDATE member_work w SET (${counted.join(", ")}) = (${counted.map((column) => `m.new_${column}`).join(", ")})
          FROM moved m WHERE w.member_id = m.id
        RETURNING w.result, w.status, ${counted.map((column) => `m.old_${column}, m.new_${column}`).join(", ")})
      INSERT INTO member_counts AS c (${GROUP}, n)
      SELECT ${GROUP}, sum(delta)::int FROM (
        SELECT old_practice_id AS practice_id, old_company AS company, ${counted.includes("status") ? "old_status" : "status"} AS status, result,
               old_mco AS mco, coalesce(old_dentist_id, 0) AS dentist, -1 AS delta FROM copied
        UNION ALL
        SELECT new_practice_id, new_company, ${counted.includes("status") ? "new_status" : "status"}, result, new_mco, coalesce(new_dentist_id, 0), 1 FROM copied) AS changes
      GROUP BY ${GROUP} HAVING sum(delta) <> 0 ORDER BY ${GROUP}
      ON CONFLICT (${GROUP}) DO UPDATE SET n = c.n + excluded.n;
      RETURN NULL;
    END $$`;
};

const MEMBER_WORK_ADD = (status: string) => `
    CREATE OR REPLACE FUNCTION member_work_add() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO member_work (member_id, practice_id, company, status, mco, dentist_id)
      SELECT id, practice_id, company, ${status}, mco, dentist_id FROM new_members ORDER BY id;
      RETURN NULL;
    END $$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`
    CREATE TABLE member_visits (
      member_id integer PRIMARY KEY REFERENCES members (id) ON DELETE CASCADE,
      practice_id integer NOT NULL,
      status text NOT NULL DEFAULT '${NEW_MEMBER_STATUS}',
      last_visit date,
      next_apt timestamptz
    )`).execute(db);
  await sql.raw(`INSERT INTO member_visits (member_id, practice_id, ${VISITS}) SELECT id, practice_id, ${VISITS} FROM members ORDER BY id`).execute(db);

  // A practice's members with one Status (the list's Status filter, the reports by practice).
  await sql`CREATE INDEX member_visits_practice_status_idx ON member_visits (practice_id, status, member_id)`.execute(db);
  for (const [name, key] of Object.entries(SORTS)) {
    await sql.raw(`CREATE INDEX member_visits_sort_${name}_idx ON member_visits (${key}, member_id)`).execute(db);
    await sql.raw(`CREATE INDEX member_visits_sort_${name}_desc_idx ON member_visits (${key} DESC NULLS LAST, member_id)`).execute(db);
  }

  // Every member has its row from its insert on: never seen by its practice.
  await sql`
    CREATE FUNCTION member_visits_add() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO member_visits (member_id, practice_id) SELECT id, practice_id FROM new_members ORDER BY id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER member_visits_add AFTER INSERT ON members REFERENCING NEW TABLE AS new_members FOR EACH STATEMENT EXECUTE FUNCTION member_visits_add()`.execute(db);
  await sql.raw(MEMBER_WORK_ADD(`'${NEW_MEMBER_STATUS}'`)).execute(db);

  // A change here, once per statement: the queue's stale marks (Status and last visit decide who is
  // called), the Status's copy in member_work and its member's move between the counts' groups.
  await sql.raw(`
    CREATE FUNCTION member_visits_updated() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE queue_state q SET stale = true
        FROM old_rows o JOIN new_rows n ON n.member_id = o.member_id
       WHERE q.member_id = n.member_id AND NOT q.stale
         AND (o.status, o.last_visit) IS DISTINCT FROM (n.status, n.last_visit);
      WITH moved AS (
        SELECT n.member_id, o.status AS old_status, n.status AS new_status
          FROM old_rows o JOIN new_rows n ON n.member_id = o.member_id
         WHERE o.status IS DISTINCT FROM n.status),
      copied AS (
        UPDATE member_work w SET status = m.new_status FROM moved m WHERE w.member_id = m.member_id
        RETURNING w.practice_id, w.company, w.result, w.mco, w.dentist_id, m.old_status, m.new_status)
      INSERT INTO member_counts AS c (${GROUP}, n)
      SELECT ${GROUP}, sum(delta)::int FROM (
        SELECT practice_id, company, old_status AS status, result, mco, coalesce(dentist_id, 0) AS dentist, -1 AS delta FROM copied
        UNION ALL
        SELECT practice_id, company, new_status, result, mco, coalesce(dentist_id, 0), 1 FROM copied) AS changes
      GROUP BY ${GROUP} HAVING sum(delta) <> 0 ORDER BY ${GROUP}
      ON CONFLICT (${GROUP}) DO UPDATE SET n = c.n + excluded.n;
      RETURN NULL;
    END $$`).execute(db);
  await sql`
    CREATE TRIGGER member_visits_updated AFTER UPDATE ON member_visits REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION member_visits_updated()`.execute(db);
  await sql.raw(
    MEMBERS_UPDATED(
      ["phone", "state", "practice_id", "pat_num"],
      ["practice_id", "company", "mco", "dentist_id"],
      `UPDATE member_visits v SET practice_id = n.practice_id
         FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE v.member_id = n.id AND o.practice_id IS DISTINCT FROM n.practice_id;`,
    ),
  ).execute(db);

  // Their indexes on members go with them.
  await sql`ALTER TABLE members DROP COLUMN status, DROP COLUMN last_visit, DROP COLUMN next_apt`.execute(db);
  // The list's plans need its statistics from the first request (PGlite has no autovacuum).
  await sql`ANALYZE member_visits`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`ALTER TABLE members ADD COLUMN status text NOT NULL DEFAULT '${NEW_MEMBER_STATUS}', ADD COLUMN last_visit date, ADD COLUMN next_apt timestamptz`).execute(db);
  await sql`ALTER TABLE members ALTER COLUMN status DROP DEFAULT`.execute(db);
  await sql.raw(`UPDATE members m SET (${VISITS}) = (SELECT ${VISITS} FROM member_visits v WHERE v.member_id = m.id)`).execute(db);
  await sql.raw(MEMBER_WORK_ADD("status")).execute(db);
  await sql.raw(
    MEMBERS_UPDATED(["status", "phone", "state", "practice_id", "last_visit", "pat_num"], ["practice_id", "company", "status", "mco", "dentist_id"], ""),
  ).execute(db);
  await sql`DROP TRIGGER member_visits_updated ON member_visits`.execute(db);
  await sql`DROP FUNCTION member_visits_updated()`.execute(db);
  await sql`DROP TRIGGER member_visits_add ON members`.execute(db);
  await sql`DROP FUNCTION member_visits_add()`.execute(db);
  await sql`DROP TABLE member_visits`.execute(db);
  await sql`CREATE INDEX members_practice_status_idx ON members (practice_id, status, id)`.execute(db);
  for (const [name, key] of Object.entries(SORTS)) {
    await sql.raw(`CREATE INDEX members_sort_${name}_idx ON members (${key}, id)`).execute(db);
    await sql.raw(`CREATE INDEX members_sort_${name}_desc_idx ON members (${key} DESC NULLS LAST, id)`).execute(db);
  }
}
