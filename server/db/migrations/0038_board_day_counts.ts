// The live board's counts of the day per agent (calls started, results saved, contacts made,
// appointments made) from user_day_activity (migration 0031), one row per agent and day, rather
// than counted from each agent's results and call starts of the day at every open (~105,000 rows
// at call-center size). The results' trigger now also counts contacts and appointments, per
// statement from the transition tables, in the same transaction as the history's writes; the
// days are those of activity_time_zone, which the server keeps equal to REPORT_TIME_ZONE, the
// zone the board's day is in. The results that count are those of the contract at this
// migration (domain/vocabulary.ts CONTACTED_RESULTS, APPOINTMENT_MADE).
import { sql, type Kysely } from "kysely";

const CONTACTED = `ARRAY['Appointment Made', 'Contact Made Call Back', 'Contact Made Not Interested', 'CM-DNC- Other Dentist', 'CM-DNC- Moved', 'Transfer', 'Reschedule', 'Confirm']`;
const APPOINTMENT = `'Appointment Made'`;
const DAY = (column: string) => `(${column} AT TIME ZONE (SELECT time_zone FROM activity_time_zone))::date`;

const rowsOf = (table: string, delta: number) =>
  `SELECT ${DAY("created_at")} AS day, user_id, ${delta} AS delta, ${delta} * (result = ANY(${CONTACTED}))::int AS contact, ${delta} * (result = ${APPOINTMENT})::int AS appointment FROM ${table}`;

/** Adds the changed results (with their deltas) to their users' days, in key order. */
const applyChanges = (changes: string) => `
  INSERT INTO user_day_activity AS a (day, user_id, results_saved, contacts, appointments)
  SELECT day, user_id, sum(delta)::int, sum(contact)::int, sum(appointment)::int FROM (${changes}) AS changes
  GROUP BY day, user_id HAVING sum(delta) <> 0 OR sum(contact) <> 0 OR sum(appointment) <> 0 ORDER BY day, user_id
  ON CONFLICT (day, user_id) DO UPDATE SET results_saved = a.results_saved + excluded.results_saved,
    contacts = a.contacts + excluded.contacts, appointments = a.appointments + excluded.appointments;`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE user_day_activity ADD COLUMN contacts integer NOT NULL DEFAULT 0, ADD COLUMN appointments integer NOT NULL DEFAULT 0`.execute(db);
  await sql.raw(`
    CREATE OR REPLACE FUNCTION user_day_activity_results() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        UPDATE user_day_activity SET results_saved = 0, contacts = 0, appointments = 0 WHERE results_saved <> 0 OR contacts <> 0 OR appointments <> 0;
      ELSIF TG_OP = 'INSERT' THEN
        ${applyChanges(rowsOf("new_rows", 1))}
      ELSIF TG_OP = 'DELETE' THEN
        ${applyChanges(rowsOf("old_rows", -1))}
      ELSE
        ${applyChanges(`${rowsOf("new_rows", 1)} UNION ALL ${rowsOf("old_rows", -1)}`)}
      END IF;
      RETURN NULL;
    END $$`).execute(db);
  await sql.raw(`
    CREATE OR REPLACE FUNCTION user_day_activity_count_again() RETURNS void LANGUAGE sql AS $$
      DELETE FROM user_day_activity;
      INSERT INTO user_day_activity (day, user_id, calls_started, results_saved, contacts, appointments)
      SELECT day, user_id, sum(calls)::int, sum(saves)::int, sum(contact)::int, sum(appointment)::int FROM (
        SELECT ${DAY("started_at")} AS day, user_id, 1 AS calls, 0 AS saves, 0 AS contact, 0 AS appointment FROM call_starts
        UNION ALL
        SELECT day, user_id, 0, delta, contact, appointment FROM (${rowsOf("results", 1)}) AS saved
      ) AS history GROUP BY day, user_id;
    $$`).execute(db);
  await sql`SELECT user_day_activity_count_again()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // 0031's functions, as they were.
  const dayRows = (table: string, delta: number) => `SELECT ${DAY("created_at")} AS day, user_id, ${delta} AS delta FROM ${table}`;
  const apply = (changes: string) => `
    INSERT INTO user_day_activity AS a (day, user_id, results_saved)
    SELECT day, user_id, sum(delta)::int FROM (${changes}) AS changes
    GROUP BY day, user_id HAVING sum(delta) <> 0 ORDER BY day, user_id
    ON CONFLICT (day, user_id) DO UPDATE SET results_saved = a.results_saved + excluded.results_saved;`;
  await sql.raw(`
    CREATE OR REPLACE FUNCTION user_day_activity_results() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        UPDATE user_day_activity SET results_saved = 0 WHERE results_saved <> 0;
      ELSIF TG_OP = 'INSERT' THEN
        ${apply(dayRows("new_rows", 1))}
      ELSIF TG_OP = 'DELETE' THEN
        ${apply(dayRows("old_rows", -1))}
      ELSE
        ${apply(`${dayRows("new_rows", 1)} UNION ALL ${dayRows("old_rows", -1)}`)}
      END IF;
      RETURN NULL;
    END $$`).execute(db);
  await sql.raw(`
    CREATE OR REPLACE FUNCTION user_day_activity_count_again() RETURNS void LANGUAGE sql AS $$
      DELETE FROM user_day_activity;
      INSERT INTO user_day_activity (day, user_id, calls_started, results_saved)
      SELECT day, user_id, sum(calls)::int, sum(saves)::int FROM (
        SELECT ${DAY("started_at")} AS day, user_id, 1 AS calls, 0 AS saves FROM call_starts
        UNION ALL
        SELECT ${DAY("created_at")}, user_id, 0, 1 FROM results
      ) AS history GROUP BY day, user_id;
    $$`).execute(db);
  await sql`ALTER TABLE user_day_activity DROP COLUMN contacts, DROP COLUMN appointments`.execute(db);
}
