// The results that say a person was reached, as a table the database's counts read, instead of a
// list written into their SQL (0052 wrote the list of its day into campaign_progress_kinds, where
// a change of domain/vocabulary.ts CONTACTED_RESULTS would never reach). The table is the code's
// reference data: every start writes it from CONTACTED_RESULTS and counts the campaigns' progress
// again when it changed (server/db/referenceData.ts), so the two cannot differ for longer than the
// start of an instance running the new code. This migration fills it with the list of its day.
import { sql, type Kysely } from "kysely";

const CONTACTED_AT_THIS_MIGRATION = [
  "Appointment Made",
  "Contact Made Call Back",
  "Contact Made Not Interested",
  "CM-DNC- Other Dentist",
  "CM-DNC- Moved",
  "Transfer",
  "Reschedule",
  "Confirm",
];
const CONTACTED_AS_SQL = `ARRAY['Appointment Made', 'Contact Made Call Back', 'Contact Made Not Interested', 'CM-DNC- Other Dentist', 'CM-DNC- Moved', 'Transfer', 'Reschedule', 'Confirm']`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE contacted_results (result text PRIMARY KEY)`.execute(db);
  await sql`INSERT INTO contacted_results (result) SELECT unnest(${CONTACTED_AT_THIS_MIGRATION}::text[])`.execute(db);
  // STABLE now that it reads a table: a statement sees one list from its start to its end.
  await sql`
    CREATE OR REPLACE FUNCTION campaign_progress_kinds(result text) RETURNS text[] LANGUAGE sql STABLE AS $$
      SELECT ARRAY['called', 'result:' || result] || CASE WHEN EXISTS (SELECT 1 FROM contacted_results c WHERE c.result = $1) THEN ARRAY['reached'] ELSE ARRAY[]::text[] END
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`
    CREATE OR REPLACE FUNCTION campaign_progress_kinds(result text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
      SELECT ARRAY['called', 'result:' || result] || CASE WHEN result = ANY(${CONTACTED_AS_SQL}) THEN ARRAY['reached'] ELSE ARRAY[]::text[] END
    $$`).execute(db);
  await sql`DROP TABLE contacted_results`.execute(db);
}
