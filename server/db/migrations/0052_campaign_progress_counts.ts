// A campaign's progress kept as its results are saved, not counted per request (the Campaigns page
// read every result of 50 campaigns per request: 140 ms at 1,000,000 members). The page counts
// members, not saves (a member called twice is called once), per campaign, per campaign and agent,
// and per campaign and day, so each save in a campaign marks its member once per scope and figure
// (campaign_member_marks) and a mark that is new adds one to that figure's count
// (campaign_progress_counts), which is what the page reads. The figures are `called`, `reached`
// (the results of domain/vocabulary.ts CONTACTED_RESULTS at this migration) and `result:<result>`
// (the members given each result, so that a campaign whose goal result changes reads its new
// appointments at once), and the campaign's `attempts` (its saves but Blank). Scopes: user_id 0 is
// every agent and day '-infinity' every day. The days are those of activity_time_zone (the server's
// REPORT_TIME_ZONE, 0031). An insert is counted at its commit by a per-row trigger that skips saves
// outside campaigns (as 0032: agents of one campaign hold its counts only while committing); a
// members count cannot be taken back one save at a time, so an update, delete or truncation of
// results counts the campaigns it touched again from the history.
import { sql, type Kysely } from "kysely";

const CONTACTED = `ARRAY['Appointment Made', 'Contact Made Call Back', 'Contact Made Not Interested', 'CM-DNC- Other Dentist', 'CM-DNC- Moved', 'Transfer', 'Reschedule', 'Confirm']`;
const DAY = (column: string) => `(${column} AT TIME ZONE (SELECT time_zone FROM activity_time_zone))::date`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE campaign_member_marks (
      campaign_id integer NOT NULL,
      user_id integer NOT NULL,
      day date NOT NULL,
      kind text NOT NULL,
      member_id integer NOT NULL,
      PRIMARY KEY (campaign_id, user_id, day, kind, member_id)
    )`.execute(db);
  await sql`
    CREATE TABLE campaign_progress_counts (
      campaign_id integer NOT NULL,
      day date NOT NULL,
      user_id integer NOT NULL,
      kind text NOT NULL,
      n integer NOT NULL,
      PRIMARY KEY (campaign_id, day, user_id, kind)
    )`.execute(db);

  // The figures a save of `result` marks its member in.
  await sql.raw(`
    CREATE FUNCTION campaign_progress_kinds(result text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
      SELECT ARRAY['called', 'result:' || result] || CASE WHEN result = ANY(${CONTACTED}) THEN ARRAY['reached'] ELSE ARRAY[]::text[] END
    $$`).execute(db);

  await sql.raw(`
    CREATE FUNCTION campaign_progress_add() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      WITH marked AS (
        INSERT INTO campaign_member_marks (campaign_id, user_id, day, kind, member_id)
        SELECT NEW.campaign_id, scope.user_id, scope.day, kind, NEW.member_id
          FROM (VALUES (0, '-infinity'::date), (NEW.user_id, '-infinity'::date), (0, ${DAY("NEW.created_at")})) AS scope (user_id, day),
               unnest(campaign_progress_kinds(NEW.result)) AS kind
        ON CONFLICT DO NOTHING
        RETURNING day, user_id, kind)
      INSERT INTO campaign_progress_counts AS c (campaign_id, day, user_id, kind, n)
      SELECT NEW.campaign_id, day, user_id, kind, count(*)::int FROM (
        SELECT day, user_id, kind FROM marked
        UNION ALL
        SELECT '-infinity'::date, 0, 'attempts' WHERE NEW.result <> ''
      ) AS counted
      GROUP BY day, user_id, kind ORDER BY day, user_id, kind
      ON CONFLICT (campaign_id, day, user_id, kind) DO UPDATE SET n = c.n + excluded.n;
      RETURN NULL;
    END $$`).execute(db);

  // Counts the campaigns `ids` (every campaign when null) again from the history.
  await sql.raw(`
    CREATE FUNCTION campaign_progress_count_again(ids integer[]) RETURNS void LANGUAGE sql AS $$
      DELETE FROM campaign_member_marks WHERE ids IS NULL OR campaign_id = ANY(ids);
      DELETE FROM campaign_progress_counts WHERE ids IS NULL OR campaign_id = ANY(ids);
      INSERT INTO campaign_member_marks (campaign_id, user_id, day, kind, member_id)
      SELECT DISTINCT r.campaign_id, scope.user_id, scope.day, kind, r.member_id
        FROM results r,
             LATERAL (VALUES (0, '-infinity'::date), (r.user_id, '-infinity'::date), (0, ${DAY("r.created_at")})) AS scope (user_id, day),
             LATERAL unnest(campaign_progress_kinds(r.result)) AS kind
       WHERE r.campaign_id IS NOT NULL AND (ids IS NULL OR r.campaign_id = ANY(ids));
      INSERT INTO campaign_progress_counts (campaign_id, day, user_id, kind, n)
      SELECT campaign_id, day, user_id, kind, count(*)::int FROM campaign_member_marks
       WHERE ids IS NULL OR campaign_id = ANY(ids) GROUP BY campaign_id, day, user_id, kind;
      INSERT INTO campaign_progress_counts (campaign_id, day, user_id, kind, n)
      SELECT campaign_id, '-infinity', 0, 'attempts', count(*)::int FROM results
       WHERE campaign_id IS NOT NULL AND (ids IS NULL OR campaign_id = ANY(ids)) AND result <> '' GROUP BY campaign_id;
    $$`).execute(db);

  await sql.raw(`
    CREATE FUNCTION campaign_progress_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        DELETE FROM campaign_member_marks;
        DELETE FROM campaign_progress_counts;
      ELSIF TG_OP = 'DELETE' THEN
        PERFORM campaign_progress_count_again(ARRAY(SELECT DISTINCT campaign_id FROM old_rows WHERE campaign_id IS NOT NULL ORDER BY 1));
      ELSE
        PERFORM campaign_progress_count_again(ARRAY(
          SELECT DISTINCT campaign_id FROM (SELECT campaign_id FROM old_rows UNION ALL SELECT campaign_id FROM new_rows) AS touched
           WHERE campaign_id IS NOT NULL ORDER BY 1));
      END IF;
      RETURN NULL;
    END $$`).execute(db);

  await sql`
    CREATE CONSTRAINT TRIGGER campaign_progress_insert AFTER INSERT ON results
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.campaign_id IS NOT NULL) EXECUTE FUNCTION campaign_progress_add()`.execute(db);
  // A transition table belongs to one event: one trigger per event.
  await sql`CREATE TRIGGER campaign_progress_update AFTER UPDATE ON results REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_progress_changed()`.execute(db);
  await sql`CREATE TRIGGER campaign_progress_delete AFTER DELETE ON results REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_progress_changed()`.execute(db);
  await sql`CREATE TRIGGER campaign_progress_truncate AFTER TRUNCATE ON results FOR EACH STATEMENT EXECUTE FUNCTION campaign_progress_changed()`.execute(db);

  await sql`SELECT campaign_progress_count_again(NULL)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const event of ["insert", "update", "delete", "truncate"]) await sql.raw(`DROP TRIGGER campaign_progress_${event} ON results`).execute(db);
  await sql`DROP FUNCTION campaign_progress_changed()`.execute(db);
  await sql`DROP FUNCTION campaign_progress_count_again(integer[])`.execute(db);
  await sql`DROP FUNCTION campaign_progress_add()`.execute(db);
  await sql`DROP FUNCTION campaign_progress_kinds(text)`.execute(db);
  await sql`DROP TABLE campaign_progress_counts`.execute(db);
  await sql`DROP TABLE campaign_member_marks`.execute(db);
}
