// How many members have a last name beginning with each text of two characters, compared in code
// units as the list's default order compares them (last name, first name, id, "C" collation): a
// prefix's members are one run of that order. Summed in that order they say where each run begins,
// so a page typed by its number starts its walk at the run holding it instead of stepping over every
// member before it (at 1,000,000 members, 126 runs of at most ~38,000; the middle page stepped over
// 500,000 index entries). Last names change only on an insert, a delete or a rename: a save of a
// result or note never touches this table.
import { sql, type Kysely } from "kysely";

/** Each member's last-name prefix, with a delta. */
const prefixesOf = (rows: string, delta: number) => `SELECT left(r.last_name, 2) AS prefix, ${delta} AS delta FROM ${rows} r`;

/** Adds the deltas to the prefixes' counts, in prefix order (two writers never wait on each other in a circle). */
const applyChanges = (changes: string) => `
  INSERT INTO member_last_name_counts AS c (prefix, n)
  SELECT prefix, sum(delta)::int FROM (${changes}) AS changes
  GROUP BY prefix HAVING sum(delta) <> 0 ORDER BY prefix
  ON CONFLICT (prefix) DO UPDATE SET n = c.n + excluded.n;`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE member_last_name_counts (prefix text COLLATE "C" PRIMARY KEY, n integer NOT NULL)`.execute(db);
  // Inserts and deletes (the seed, an import) per statement, from their transition tables.
  await sql.raw(`
    CREATE FUNCTION member_last_name_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        DELETE FROM member_last_name_counts;
      ELSIF TG_OP = 'INSERT' THEN
        ${applyChanges(prefixesOf("new_rows", 1))}
      ELSE
        ${applyChanges(prefixesOf("old_rows", -1))}
      END IF;
      RETURN NULL;
    END $$`).execute(db);
  await sql`CREATE TRIGGER member_last_name_counts_insert AFTER INSERT ON members REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_last_name_counts_apply()`.execute(db);
  await sql`CREATE TRIGGER member_last_name_counts_delete AFTER DELETE ON members REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_last_name_counts_apply()`.execute(db);
  await sql`CREATE TRIGGER member_last_name_counts_truncate AFTER TRUNCATE ON members FOR EACH STATEMENT EXECUTE FUNCTION member_last_name_counts_apply()`.execute(db);
  // A rename, per row: a trigger with transition tables cannot name columns, and a statement
  // trigger on every update would run on every import and feed batch.
  await sql.raw(`
    CREATE FUNCTION member_last_name_counts_rename() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${applyChanges(`${prefixesOf("(SELECT OLD.last_name)", -1)} UNION ALL ${prefixesOf("(SELECT NEW.last_name)", 1)}`)}
      RETURN NULL;
    END $$`).execute(db);
  await sql`
    CREATE TRIGGER member_last_name_counts_rename AFTER UPDATE OF last_name ON members
    FOR EACH ROW WHEN (left(OLD.last_name, 2) IS DISTINCT FROM left(NEW.last_name, 2))
    EXECUTE FUNCTION member_last_name_counts_rename()`.execute(db);
  await sql.raw(applyChanges(prefixesOf("members", 1))).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER member_last_name_counts_rename ON members`.execute(db);
  await sql`DROP FUNCTION member_last_name_counts_rename()`.execute(db);
  for (const event of ["insert", "delete", "truncate"]) await sql.raw(`DROP TRIGGER member_last_name_counts_${event} ON members`).execute(db);
  await sql`DROP FUNCTION member_last_name_counts_apply()`.execute(db);
  await sql`DROP TABLE member_last_name_counts`.execute(db);
}
