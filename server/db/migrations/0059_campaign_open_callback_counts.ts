// A campaign's open callbacks kept as a count, not counted per request (the Campaigns page joined
// the campaigns' results to every open callback: 106 ms p95 for 50 campaigns and 5,900 open
// callbacks at 1,000,000 members). An open callback counts for a campaign when its booker had saved
// a result in the campaign for the member before booking it. Each such pair is marked
// (campaign_callback_marks) and a mark added or removed moves its campaign's count
// (campaign_callback_counts) by one, which is what the page reads.
//
// What a member's marks should be depends on its open callback (at most one) and its results, so
// each statement that changes either brings its members' marks to what they should be now
// (campaign_callbacks_follow): booking, closing, cancelling, moving or reassigning a callback, and
// saving, changing or deleting a result in a campaign. Two transactions following one member take
// turns (a transaction-scoped advisory lock on the member), so the second reads what the first
// committed and the count stays exact. A statement of many members (an import, a bench's
// thousands of results) takes one lock for every member instead: a lock per member would fill the
// server's lock table, which holds a few thousand.
import { sql, type Kysely } from "kysely";

/** Past this many members a statement locks every member at once. */
const MEMBERS_LOCKED_APART = 100;
/** The second key of the lock of every member (members' ids start at 1). */
const EVERY_MEMBER = 0;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE campaign_callback_marks (
      member_id integer NOT NULL,
      campaign_id integer NOT NULL,
      callback_id integer NOT NULL,
      PRIMARY KEY (member_id, campaign_id, callback_id)
    )`.execute(db);
  await sql`
    CREATE TABLE campaign_callback_counts (
      campaign_id integer PRIMARY KEY,
      n integer NOT NULL
    )`.execute(db);

  await sql.raw(`
    CREATE FUNCTION campaign_callbacks_follow(of_members integer[]) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      locks integer := hashtext('recall-desk campaign callbacks ' || current_schema());
    BEGIN
      IF cardinality(of_members) = 0 THEN RETURN; END IF;
      IF cardinality(of_members) > ${MEMBERS_LOCKED_APART} THEN
        PERFORM pg_advisory_xact_lock(locks, ${EVERY_MEMBER});
      ELSE
        PERFORM pg_advisory_xact_lock_shared(locks, ${EVERY_MEMBER});
        PERFORM pg_advisory_xact_lock(locks, member) FROM unnest(of_members) AS member ORDER BY member;
      END IF;
      WITH due AS (
        SELECT DISTINCT cb.member_id, r.campaign_id, cb.id AS callback_id
          FROM callbacks cb JOIN results r ON r.member_id = cb.member_id AND r.user_id = cb.booked_by AND r.created_at <= cb.booked_at
         WHERE cb.member_id = ANY(of_members) AND cb.status = 'open' AND r.campaign_id IS NOT NULL),
      removed AS (
        DELETE FROM campaign_callback_marks m
         WHERE m.member_id = ANY(of_members)
           AND NOT EXISTS (SELECT 1 FROM due WHERE due.member_id = m.member_id AND due.campaign_id = m.campaign_id AND due.callback_id = m.callback_id)
        RETURNING m.campaign_id, -1 AS delta),
      added AS (
        INSERT INTO campaign_callback_marks (member_id, campaign_id, callback_id)
        SELECT member_id, campaign_id, callback_id FROM due
        ON CONFLICT DO NOTHING
        RETURNING campaign_id, 1 AS delta)
      INSERT INTO campaign_callback_counts AS c (campaign_id, n)
      SELECT campaign_id, sum(delta)::int FROM (SELECT * FROM removed UNION ALL SELECT * FROM added) AS moved
       GROUP BY campaign_id HAVING sum(delta) <> 0 ORDER BY campaign_id
      ON CONFLICT (campaign_id) DO UPDATE SET n = c.n + excluded.n;
    END $$`).execute(db);

  // The members a statement's callbacks or results touched: every callback's, the results' in a
  // campaign alone, and of an update only the rows whose counted columns changed.
  const touched = (counted: string, where: string, changed: string) => `
    CREATE FUNCTION campaign_callbacks_${counted}_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        DELETE FROM campaign_callback_marks;
        DELETE FROM campaign_callback_counts;
      ELSIF TG_OP = 'INSERT' THEN
        PERFORM campaign_callbacks_follow(ARRAY(SELECT DISTINCT member_id FROM new_rows WHERE ${where}));
      ELSIF TG_OP = 'DELETE' THEN
        PERFORM campaign_callbacks_follow(ARRAY(SELECT DISTINCT member_id FROM old_rows WHERE ${where}));
      ELSE
        PERFORM campaign_callbacks_follow(ARRAY(
          SELECT o.member_id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE (${changed}) AND (${where.replaceAll("campaign_id", "o.campaign_id")})
          UNION
          SELECT n.member_id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE (${changed}) AND (${where.replaceAll("campaign_id", "n.campaign_id")})));
      END IF;
      RETURN NULL;
    END $$`;
  await sql.raw(touched("callback", "true", "o.status IS DISTINCT FROM n.status OR o.member_id <> n.member_id OR o.booked_by <> n.booked_by OR o.booked_at <> n.booked_at")).execute(db);
  await sql
    .raw(touched("result", "campaign_id IS NOT NULL", "o.campaign_id IS DISTINCT FROM n.campaign_id OR o.member_id <> n.member_id OR o.user_id <> n.user_id OR o.created_at <> n.created_at"))
    .execute(db);

  // A transition table belongs to one event: one trigger per event.
  for (const [table, counted] of [["callbacks", "callback"], ["results", "result"]]) {
    await sql.raw(`CREATE TRIGGER campaign_callbacks_insert AFTER INSERT ON ${table} REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_callbacks_${counted}_changed()`).execute(db);
    await sql
      .raw(`CREATE TRIGGER campaign_callbacks_update AFTER UPDATE ON ${table} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_callbacks_${counted}_changed()`)
      .execute(db);
    await sql.raw(`CREATE TRIGGER campaign_callbacks_delete AFTER DELETE ON ${table} REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_callbacks_${counted}_changed()`).execute(db);
    await sql.raw(`CREATE TRIGGER campaign_callbacks_truncate AFTER TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION campaign_callbacks_${counted}_changed()`).execute(db);
  }

  await sql`SELECT campaign_callbacks_follow(ARRAY(SELECT member_id FROM callbacks WHERE status = 'open'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["callbacks", "results"]) for (const event of ["insert", "update", "delete", "truncate"]) await sql.raw(`DROP TRIGGER campaign_callbacks_${event} ON ${table}`).execute(db);
  await sql`DROP FUNCTION campaign_callbacks_result_changed()`.execute(db);
  await sql`DROP FUNCTION campaign_callbacks_callback_changed()`.execute(db);
  await sql`DROP FUNCTION campaign_callbacks_follow(integer[])`.execute(db);
  await sql`DROP TABLE campaign_callback_counts`.execute(db);
  await sql`DROP TABLE campaign_callback_marks`.execute(db);
}
