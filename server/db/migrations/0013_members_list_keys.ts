// Every members list query indexed at a million members (bench/README.md): the practice's
// abbreviation kept on each member so the Practice sort walks an index, per-practice counts so a
// list filtered by practice or region alone (or not at all) sums a few dozen rows, the name
// prefixes that answer a search of one or two characters (domain/search/shortSearch.ts), and the
// dentist filter without a practice. Age needs nothing: it sorts by the birth date reversed.
import { sql, type Kysely } from "kysely";

/** Adds the members' changes (practice ids and a delta) to the practices' counts. */
const applyChanges = (changes: string) => `
  INSERT INTO member_practice_counts AS c (practice_id, n)
  SELECT practice_id, sum(delta)::int FROM (${changes}) AS changes
  GROUP BY practice_id HAVING sum(delta) <> 0 ORDER BY practice_id
  ON CONFLICT (practice_id) DO UPDATE SET n = c.n + excluded.n;`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE members ADD COLUMN practice_abbr text`.execute(db);
  // Whatever writes a member (the seed, the import, a move to another practice) gets the
  // abbreviation of its practice; writing practice_abbr by hand cannot make it disagree.
  await sql`
    CREATE FUNCTION members_practice_abbr() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.practice_abbr := (SELECT abbr FROM practices WHERE id = NEW.practice_id);
      RETURN NEW;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER members_practice_abbr BEFORE INSERT OR UPDATE OF practice_id, practice_abbr ON members
    FOR EACH ROW EXECUTE FUNCTION members_practice_abbr()`.execute(db);
  // A practice renamed carries its members along, in the same transaction.
  await sql`
    CREATE FUNCTION practices_abbr_to_members() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE members SET practice_abbr = NEW.abbr WHERE practice_id = NEW.id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER practices_abbr_to_members AFTER UPDATE OF abbr ON practices
    FOR EACH ROW WHEN (OLD.abbr IS DISTINCT FROM NEW.abbr) EXECUTE FUNCTION practices_abbr_to_members()`.execute(db);
  await sql`UPDATE members m SET practice_abbr = p.abbr FROM practices p WHERE p.id = m.practice_id`.execute(db);
  await sql`ALTER TABLE members ALTER COLUMN practice_abbr SET NOT NULL`.execute(db);
  // Both directions, ties by id ascending (as 0010 does for every other sort key).
  await sql`CREATE INDEX members_sort_practice_abbr_idx ON members (practice_abbr collate "C", id)`.execute(db);
  await sql`CREATE INDEX members_sort_practice_abbr_desc_idx ON members (practice_abbr collate "C" DESC NULLS LAST, id)`.execute(db);

  // A search of one or two characters finds names beginning with it: a range of each index. Both
  // names are included so that its count is read from the indexes alone (server/members/search.ts).
  await sql`CREATE INDEX members_first_name_prefix_idx ON members (lower(first_name) text_pattern_ops) INCLUDE (first_name, last_name)`.execute(db);
  await sql`CREATE INDEX members_last_name_prefix_idx ON members (lower(last_name) text_pattern_ops) INCLUDE (first_name, last_name)`.execute(db);

  // The dentist filter is the narrowest one the list offers without a practice (brand + MCO +
  // dentist): its members are found by the dentist, not by walking a sort index, and in the
  // default order (by name) from the index alone.
  await sql`CREATE INDEX members_dentist_idx ON members (dentist_id, company, mco, id) INCLUDE (last_name, first_name)`.execute(db);
  // Its count: the groups of those dentists, not all ~40,000 groups of member_counts.
  await sql`CREATE INDEX member_counts_dentist_idx ON member_counts (dentist, company, mco)`.execute(db);

  // member_counts has a row per practice × brand × status × result × MCO × dentist (~40,000 at a
  // million members): summing it for an unfiltered list took 10–25 ms. Only an insert, a delete
  // or a move to another practice changes these rows; a save of a result writes nothing here (the
  // update trigger has no column list: PostgreSQL refuses one beside transition tables).
  await sql`CREATE TABLE member_practice_counts (practice_id integer PRIMARY KEY, n integer NOT NULL)`.execute(db);
  await sql.raw(`
    CREATE FUNCTION member_practice_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        DELETE FROM member_practice_counts;
      ELSIF TG_OP = 'INSERT' THEN
        ${applyChanges(`SELECT practice_id, 1 AS delta FROM new_rows`)}
      ELSIF TG_OP = 'DELETE' THEN
        ${applyChanges(`SELECT practice_id, -1 AS delta FROM old_rows`)}
      ELSE
        ${applyChanges(`SELECT practice_id, 1 AS delta FROM new_rows UNION ALL SELECT practice_id, -1 FROM old_rows`)}
      END IF;
      RETURN NULL;
    END $$`).execute(db);
  await sql`CREATE TRIGGER member_practice_counts_insert AFTER INSERT ON members REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_practice_counts_apply()`.execute(db);
  await sql`CREATE TRIGGER member_practice_counts_update AFTER UPDATE ON members REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_practice_counts_apply()`.execute(db);
  await sql`CREATE TRIGGER member_practice_counts_delete AFTER DELETE ON members REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_practice_counts_apply()`.execute(db);
  await sql`CREATE TRIGGER member_practice_counts_truncate AFTER TRUNCATE ON members FOR EACH STATEMENT EXECUTE FUNCTION member_practice_counts_apply()`.execute(db);
  await sql`INSERT INTO member_practice_counts (practice_id, n) SELECT practice_id, count(*) FROM members GROUP BY practice_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const event of ["insert", "update", "delete", "truncate"]) await sql.raw(`DROP TRIGGER member_practice_counts_${event} ON members`).execute(db);
  await sql`DROP FUNCTION member_practice_counts_apply()`.execute(db);
  await sql`DROP TABLE member_practice_counts`.execute(db);
  await sql`DROP INDEX member_counts_dentist_idx`.execute(db);
  await sql`DROP INDEX members_dentist_idx`.execute(db);
  await sql`DROP INDEX members_last_name_prefix_idx`.execute(db);
  await sql`DROP INDEX members_first_name_prefix_idx`.execute(db);
  await sql`DROP TRIGGER practices_abbr_to_members ON practices`.execute(db);
  await sql`DROP FUNCTION practices_abbr_to_members()`.execute(db);
  await sql`DROP TRIGGER members_practice_abbr ON members`.execute(db);
  await sql`DROP FUNCTION members_practice_abbr()`.execute(db);
  await sql`ALTER TABLE members DROP COLUMN practice_abbr`.execute(db);
}
