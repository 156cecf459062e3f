// A save's count of its quarter of an hour (migration 0028) is added at the commit of the save
// rather than at its insert. Agents saving the same result in the same quarter write the same
// counts row, and a row stays locked until its transaction ends: counted at the insert, every save
// held that row through the rest of its work (the work queue's statements, the events), and 20
// agents saved 110 times a second instead of 161 (bench/README.md). Counted at commit, the row is
// held only while the commit is written. Still in the save's transaction: a save that rolls back
// counts nothing. Updates, deletes and truncation keep their statement triggers (0028).
import { sql, type Kysely } from "kysely";

const QUARTER = "date_bin('15 minutes', NEW.created_at, timestamptz '2000-01-01 00:00:00+00')";

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER result_save_counts_insert ON results`.execute(db);
  await sql.raw(`
    CREATE FUNCTION result_save_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO result_save_counts AS c (starts_at, result, n) VALUES (${QUARTER}, NEW.result, 1)
      ON CONFLICT (starts_at, result) DO UPDATE SET n = c.n + 1;
      RETURN NULL;
    END $$`).execute(db);
  await sql`
    CREATE CONSTRAINT TRIGGER result_save_counts_insert AFTER INSERT ON results
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION result_save_counts_add()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER result_save_counts_insert ON results`.execute(db);
  await sql`DROP FUNCTION result_save_counts_add()`.execute(db);
  await sql`CREATE TRIGGER result_save_counts_insert AFTER INSERT ON results REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION result_save_counts_apply()`.execute(db);
}
