// How many results were saved in each quarter of an hour, by result, so that the contact data
// report (server/reports/contactData.repository.ts) sums a few thousand rows instead of reading
// every save of the last two months from the result history (119 ms at 1,000,000 members).
// A quarter of an hour: every time zone's offset is a whole number of quarters, so a quarter is
// within one local hour and one local day in any report time zone. Kept per statement, from the
// transition tables, in the same transaction as the history's writes (a save inserts one row).
import { sql, type Kysely } from "kysely";

const QUARTER = (column: string) => `date_bin('15 minutes', ${column}, timestamptz '2000-01-01 00:00:00+00')`;

/** Adds the changed saves (rows of results with a delta) to their quarters' counts, in key order. */
const applyChanges = (changes: string) => `
  INSERT INTO result_save_counts AS c (starts_at, result, n)
  SELECT starts_at, result, sum(delta)::int FROM (${changes}) AS changes
  GROUP BY starts_at, result HAVING sum(delta) <> 0 ORDER BY starts_at, result
  ON CONFLICT (starts_at, result) DO UPDATE SET n = c.n + excluded.n;`;
const rowsOf = (table: string, delta: number) => `SELECT ${QUARTER("created_at")} AS starts_at, result, ${delta} AS delta FROM ${table}`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE result_save_counts (starts_at timestamptz NOT NULL, result text NOT NULL, n integer NOT NULL, PRIMARY KEY (starts_at, result))`.execute(db);
  await sql.raw(`
    CREATE FUNCTION result_save_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        DELETE FROM result_save_counts;
      ELSIF TG_OP = 'INSERT' THEN
        ${applyChanges(rowsOf("new_rows", 1))}
      ELSIF TG_OP = 'DELETE' THEN
        ${applyChanges(rowsOf("old_rows", -1))}
      ELSE
        ${applyChanges(`${rowsOf("new_rows", 1)} UNION ALL ${rowsOf("old_rows", -1)}`)}
      END IF;
      RETURN NULL;
    END $$`).execute(db);
  // A transition table belongs to one event: one trigger per event.
  await sql`CREATE TRIGGER result_save_counts_insert AFTER INSERT ON results REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION result_save_counts_apply()`.execute(db);
  await sql`CREATE TRIGGER result_save_counts_update AFTER UPDATE ON results REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION result_save_counts_apply()`.execute(db);
  await sql`CREATE TRIGGER result_save_counts_delete AFTER DELETE ON results REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION result_save_counts_apply()`.execute(db);
  await sql`CREATE TRIGGER result_save_counts_truncate AFTER TRUNCATE ON results FOR EACH STATEMENT EXECUTE FUNCTION result_save_counts_apply()`.execute(db);
  await sql.raw(applyChanges(rowsOf("results", 1))).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const event of ["insert", "update", "delete", "truncate"]) await sql.raw(`DROP TRIGGER result_save_counts_${event} ON results`).execute(db);
  await sql`DROP FUNCTION result_save_counts_apply()`.execute(db);
  await sql`DROP TABLE result_save_counts`.execute(db);
}
