// The contact data and call activity reports narrowed to a campaign read summaries of the work done
// in each campaign, as the whole floor's read result_save_counts (0028) and user_day_activity
// (0031): saves per campaign, quarter of an hour and result; call starts and saves per campaign,
// day and user. Only rows that carry a campaign (0042) are counted, so the saves outside campaigns
// (nearly all) cost nothing: an insert is counted by a per-row trigger whose WHEN skips them, at the
// commit (as 0032: agents of one campaign saving at once hold a counts row only while committing);
// updates, deletes and truncation by statement triggers from the transition tables. No foreign key
// to campaigns: a campaign deleted sets its rows' campaign to null (0042), an update whose old rows
// take its counts back to zero.
import { sql, type Kysely } from "kysely";

const QUARTER = (row: string) => `date_bin('15 minutes', ${row}.created_at, timestamptz '2000-01-01 00:00:00+00')`;
const DAY = (column: string) => `(${column} AT TIME ZONE (SELECT time_zone FROM activity_time_zone))::date`;

const SOURCES = [
  { table: "call_starts", at: "started_at", count: "calls_started" },
  { table: "results", at: "created_at", count: "results_saved" },
] as const;
type Source = (typeof SOURCES)[number];

const saveCountsOf = (table: string, delta: number) =>
  `SELECT campaign_id, ${QUARTER(table)} AS starts_at, result, ${delta} AS delta FROM ${table} WHERE campaign_id IS NOT NULL`;
const applySaveCounts = (changes: string) => `
  INSERT INTO campaign_save_counts AS c (campaign_id, starts_at, result, n)
  SELECT campaign_id, starts_at, result, sum(delta)::int FROM (${changes}) AS changes
  GROUP BY campaign_id, starts_at, result HAVING sum(delta) <> 0 ORDER BY campaign_id, starts_at, result
  ON CONFLICT (campaign_id, starts_at, result) DO UPDATE SET n = c.n + excluded.n;`;

const activityOf = (source: Source, table: string, delta: number) =>
  `SELECT campaign_id, ${DAY(source.at)} AS day, user_id, ${delta} AS delta FROM ${table} WHERE campaign_id IS NOT NULL`;
const applyActivity = (source: Source, changes: string) => `
  INSERT INTO campaign_day_activity AS a (campaign_id, day, user_id, ${source.count})
  SELECT campaign_id, day, user_id, sum(delta)::int FROM (${changes}) AS changes
  GROUP BY campaign_id, day, user_id HAVING sum(delta) <> 0 ORDER BY campaign_id, day, user_id
  ON CONFLICT (campaign_id, day, user_id) DO UPDATE SET ${source.count} = a.${source.count} + excluded.${source.count};`;

/** The statement function of `changed` rows (TG_OP says which transition tables there are). */
const statementFunction = (name: string, truncate: string, apply: (changes: string) => string, rowsOf: (table: string, delta: number) => string) => `
  CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'TRUNCATE' THEN
      ${truncate}
    ELSIF TG_OP = 'DELETE' THEN
      ${apply(rowsOf("old_rows", -1))}
    ELSE
      ${apply(`${rowsOf("new_rows", 1)} UNION ALL ${rowsOf("old_rows", -1)}`)}
    END IF;
    RETURN NULL;
  END $$`;

/** The insert function of one row, run at the commit. */
const rowFunction = (name: string, apply: string) => `
  CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    ${apply}
    RETURN NULL;
  END $$`;

const TRIGGERS = [
  { table: "results", name: "campaign_save_counts" },
  { table: "results", name: "campaign_day_activity_results" },
  { table: "call_starts", name: "campaign_day_activity_call_starts" },
] as const;

async function createTriggers(db: Kysely<unknown>, table: string, name: string): Promise<void> {
  await sql.raw(`CREATE CONSTRAINT TRIGGER ${name}_insert AFTER INSERT ON ${table} DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.campaign_id IS NOT NULL) EXECUTE FUNCTION ${name}_add()`).execute(db);
  // A transition table belongs to one event: one trigger per event.
  await sql.raw(`CREATE TRIGGER ${name}_update AFTER UPDATE ON ${table} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${name}_apply()`).execute(db);
  await sql.raw(`CREATE TRIGGER ${name}_delete AFTER DELETE ON ${table} REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${name}_apply()`).execute(db);
  await sql.raw(`CREATE TRIGGER ${name}_truncate AFTER TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION ${name}_apply()`).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE campaign_save_counts (
      campaign_id integer NOT NULL,
      starts_at timestamptz NOT NULL,
      result text NOT NULL,
      n integer NOT NULL,
      PRIMARY KEY (campaign_id, starts_at, result)
    )`.execute(db);
  await sql`
    CREATE TABLE campaign_day_activity (
      campaign_id integer NOT NULL,
      day date NOT NULL,
      user_id integer NOT NULL,
      calls_started integer NOT NULL DEFAULT 0,
      results_saved integer NOT NULL DEFAULT 0,
      PRIMARY KEY (campaign_id, day, user_id)
    )`.execute(db);

  await sql.raw(statementFunction("campaign_save_counts_apply", "DELETE FROM campaign_save_counts;", applySaveCounts, saveCountsOf)).execute(db);
  await sql.raw(rowFunction("campaign_save_counts_add", `
    INSERT INTO campaign_save_counts AS c (campaign_id, starts_at, result, n) VALUES (NEW.campaign_id, ${QUARTER("NEW")}, NEW.result, 1)
    ON CONFLICT (campaign_id, starts_at, result) DO UPDATE SET n = c.n + 1;`)).execute(db);
  for (const source of SOURCES) {
    const name = `campaign_day_activity_${source.table}`;
    const truncate = `UPDATE campaign_day_activity SET ${source.count} = 0 WHERE ${source.count} <> 0;`;
    await sql.raw(statementFunction(`${name}_apply`, truncate, (changes) => applyActivity(source, changes), (table, delta) => activityOf(source, table, delta))).execute(db);
    await sql.raw(rowFunction(`${name}_add`, `
      INSERT INTO campaign_day_activity AS a (campaign_id, day, user_id, ${source.count}) VALUES (NEW.campaign_id, ${DAY(`NEW.${source.at}`)}, NEW.user_id, 1)
      ON CONFLICT (campaign_id, day, user_id) DO UPDATE SET ${source.count} = a.${source.count} + 1;`)).execute(db);
  }
  for (const trigger of TRIGGERS) await createTriggers(db, trigger.table, trigger.name);

  // Counts the days again from the history, in the time zone of activity_time_zone (as
  // user_day_activity_count_again, when the server's REPORT_TIME_ZONE changes).
  await sql.raw(`
    CREATE FUNCTION campaign_day_activity_count_again() RETURNS void LANGUAGE sql AS $$
      DELETE FROM campaign_day_activity;
      INSERT INTO campaign_day_activity (campaign_id, day, user_id, calls_started, results_saved)
      SELECT campaign_id, day, user_id, sum(calls)::int, sum(saves)::int FROM (
        SELECT campaign_id, ${DAY("started_at")} AS day, user_id, 1 AS calls, 0 AS saves FROM call_starts WHERE campaign_id IS NOT NULL
        UNION ALL
        SELECT campaign_id, ${DAY("created_at")}, user_id, 0, 1 FROM results WHERE campaign_id IS NOT NULL
      ) AS history GROUP BY campaign_id, day, user_id;
    $$`).execute(db);
  await sql`SELECT campaign_day_activity_count_again()`.execute(db);
  await sql.raw(applySaveCounts(saveCountsOf("results", 1))).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const trigger of TRIGGERS) {
    for (const event of ["insert", "update", "delete", "truncate"]) await sql.raw(`DROP TRIGGER ${trigger.name}_${event} ON ${trigger.table}`).execute(db);
    await sql.raw(`DROP FUNCTION ${trigger.name}_add()`).execute(db);
    await sql.raw(`DROP FUNCTION ${trigger.name}_apply()`).execute(db);
  }
  await sql`DROP FUNCTION campaign_day_activity_count_again()`.execute(db);
  await sql`DROP TABLE campaign_day_activity`.execute(db);
  await sql`DROP TABLE campaign_save_counts`.execute(db);
}
