// The new patient origin report counts the first visits of up to 24 months by origin and practice
// (server/reports/newPatientOrigin.repository.ts). With the origin and practice in the date index,
// the count is an index-only scan of those months instead of ~50,000 random reads of the table
// (bench/README.md, reports); the member id lets a brand's count find its members from the index too.
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX first_visits_date_origin_idx ON first_visits (first_visit_date) INCLUDE (practice_id, origin, member_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX first_visits_date_origin_idx`.execute(db);
}
