// What a practice feed marks stale in the queue. The appointments' statement trigger (0034) marked
// the queue state of every patient a batch named, finding the members without the partial index on
// (practice_id, pat_num), which only serves a query saying `pat_num <> ''`: every batch read the
// whole members table (a million rows), and most of what it marked was not changed. A batch changes
// what the queue judges only through the member's Status and last visit (an appointment ahead is
// the Status "… With Apt" / "Recare Future Appointment"), whose own trigger (0024) marks the member
// stale in the same transaction, and the feed works those members out right after its commit: the
// appointments' trigger goes. Treatment priorities' trigger keeps marking their patients, now
// through the partial index.
import { sql, type Kysely } from "kysely";

const patientsMarked = (withIndex: boolean) => `
    CREATE OR REPLACE FUNCTION queue_state_touch_patients() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE queue_state q SET stale = true FROM members m, changed_rows t
        WHERE q.member_id = m.id AND NOT q.stale AND m.practice_id = t.practice_id AND m.pat_num = t.pat_num${withIndex ? " AND m.pat_num <> ''" : ""};
      RETURN NULL;
    END $$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER queue_state_touch_appointments_insert ON appointments`.execute(db);
  await sql`DROP TRIGGER queue_state_touch_appointments_update ON appointments`.execute(db);
  await sql`DROP FUNCTION queue_state_touch_appointments()`.execute(db);
  await sql.raw(patientsMarked(true)).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(patientsMarked(false)).execute(db);
  await sql.raw(`
    CREATE FUNCTION queue_state_touch_appointments() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE queue_state q SET stale = true FROM members m, (SELECT DISTINCT practice_id, pat_num FROM changed_rows) t
        WHERE q.member_id = m.id AND NOT q.stale AND m.practice_id = t.practice_id AND m.pat_num = t.pat_num;
      RETURN NULL;
    END $$`).execute(db);
  for (const operation of ["INSERT", "UPDATE"]) {
    await sql.raw(`
      CREATE TRIGGER queue_state_touch_appointments_${operation.toLowerCase()} AFTER ${operation} ON appointments
        REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION queue_state_touch_appointments()`).execute(db);
  }
}
