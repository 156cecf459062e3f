// How many members have a first or last name beginning with each text of one or two characters
// (domain/search/shortSearch.ts), so that an unfiltered short search counts from one row instead of
// two index scans (a one-letter search matched 155,000 of a million members: ~200 ms to count).
// Names change only on an insert, a delete or an edit of a name: a save of a result or note never
// touches this table.
import { sql, type Kysely } from "kysely";

/** Each member's distinct lower-case name prefixes of one and two characters, with a delta. */
const prefixesOf = (rows: string, delta: number) => `
  SELECT DISTINCT r.id, p.prefix, ${delta} AS delta FROM ${rows} r,
  LATERAL (VALUES (left(lower(r.first_name), 1)), (left(lower(r.first_name), 2)),
                  (left(lower(r.last_name), 1)), (left(lower(r.last_name), 2))) AS p (prefix)
  WHERE p.prefix <> ''`;

/** Adds the deltas to the prefixes' counts, in prefix order (two writers never wait on each other in a circle). */
const applyChanges = (changes: string) => `
  INSERT INTO member_name_prefix_counts AS c (prefix, n)
  SELECT prefix, sum(delta)::int FROM (${changes}) AS changes
  GROUP BY prefix HAVING sum(delta) <> 0 ORDER BY prefix
  ON CONFLICT (prefix) DO UPDATE SET n = c.n + excluded.n;`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE member_name_prefix_counts (prefix text PRIMARY KEY, n integer NOT NULL)`.execute(db);
  // Inserts and deletes (the seed, an import) per statement, from their transition tables.
  await sql.raw(`
    CREATE FUNCTION member_name_prefix_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        DELETE FROM member_name_prefix_counts;
      ELSIF TG_OP = 'INSERT' THEN
        ${applyChanges(prefixesOf("new_rows", 1))}
      ELSE
        ${applyChanges(prefixesOf("old_rows", -1))}
      END IF;
      RETURN NULL;
    END $$`).execute(db);
  await sql`CREATE TRIGGER member_name_prefix_counts_insert AFTER INSERT ON members REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_name_prefix_counts_apply()`.execute(db);
  await sql`CREATE TRIGGER member_name_prefix_counts_delete AFTER DELETE ON members REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_name_prefix_counts_apply()`.execute(db);
  await sql`CREATE TRIGGER member_name_prefix_counts_truncate AFTER TRUNCATE ON members FOR EACH STATEMENT EXECUTE FUNCTION member_name_prefix_counts_apply()`.execute(db);
  // An edit of a name, per row: a trigger with transition tables cannot name columns, and a
  // statement trigger on every update would run on every save.
  await sql.raw(`
    CREATE FUNCTION member_name_prefix_counts_rename() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${applyChanges(`${prefixesOf("(SELECT OLD.id, OLD.first_name, OLD.last_name)", -1)} UNION ALL ${prefixesOf("(SELECT NEW.id, NEW.first_name, NEW.last_name)", 1)}`)}
      RETURN NULL;
    END $$`).execute(db);
  await sql`
    CREATE TRIGGER member_name_prefix_counts_rename AFTER UPDATE OF first_name, last_name ON members
    FOR EACH ROW WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
    EXECUTE FUNCTION member_name_prefix_counts_rename()`.execute(db);
  await sql.raw(`${applyChanges(prefixesOf("members", 1))}`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER member_name_prefix_counts_rename ON members`.execute(db);
  await sql`DROP FUNCTION member_name_prefix_counts_rename()`.execute(db);
  for (const event of ["insert", "delete", "truncate"]) await sql.raw(`DROP TRIGGER member_name_prefix_counts_${event} ON members`).execute(db);
  await sql`DROP FUNCTION member_name_prefix_counts_apply()`.execute(db);
  await sql`DROP TABLE member_name_prefix_counts`.execute(db);
}
