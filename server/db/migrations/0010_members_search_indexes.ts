// The members list at a million members: one trigram-indexed text per member for the
// fuzzy search, an index for each direction of every sort, and counts kept per filter group so a
// total never needs a scan of the table.
import { sql, type Kysely } from "kysely";

/** Separates the values in `search_text`: no value holds it, so a match never spans two values. */
export const SEARCH_SEPARATOR = "\u0001";

// Immutable (a generated column needs it): to_char and date::text depend on settings.
const part = (field: string, width: number) => `lpad(extract(${field} from date_of_birth)::int::text, ${width}, '0')`;
const ISO_BIRTH = `${part("year", 4)} || '-' || ${part("month", 2)} || '-' || ${part("day", 2)}`;
const US_BIRTH = `${part("month", 2)} || '/' || ${part("day", 2)} || '/' || ${part("year", 4)}`;

/**
 * The values the search looks in (domain/search/searchTerms.ts TEXT_KEYS, in its order), lower
 * case: first, middle and last name, "First Last", subscriber id, patient number, phone as listed,
 * birth date as ISO and as the list shows it, separated by chr(1) (domain/search VALUE_SEPARATOR).
 */
const SEARCH_TEXT = `lower(${[
  "first_name",
  "middle_name",
  "last_name",
  "first_name || ' ' || last_name",
  "subscriber_id",
  "pat_num",
  "phone",
  ISO_BIRTH,
  US_BIRTH,
].join(` || chr(1) || `)})`;

/**
 * Sort keys of the members list not indexed by 0002, and every key again descending: a descending
 * sort keeps ties by id ascending and nulls last, which no index of the ascending order serves.
 * Age (relative to today) and Practice (the practice's abbreviation) cannot be indexed on members.
 */
const ASCENDING = ["first_name", "middle_name", "last_name", "address1", "state", "phone", "notes"];
const TEXT_KEYS = ["subscriber_id", "pat_num", "mco", "first_name", "middle_name", "last_name", "address1", "city", "state", "phone", "notes", "status", "result"];
const OTHER_KEYS = ["date_of_birth", "days_extracted", "notes_at", "last_visit", "next_apt", "entry_time"];

/** The columns the list filters on; member_counts holds how many members share each combination. */
const GROUP = "practice_id, company, status, result, mco, dentist";
const ROW_GROUP = "practice_id, company, status, result, mco, coalesce(dentist_id, 0) AS dentist";

/** Adds the members' changes (rows of the group columns and a delta) to their groups' counts. */
const applyChanges = (changes: string) => `
  INSERT INTO member_counts AS c (${GROUP}, n)
  SELECT ${GROUP}, sum(delta)::int FROM (${changes}) AS changes
  GROUP BY ${GROUP} HAVING sum(delta) <> 0 ORDER BY ${GROUP}
  ON CONFLICT (${GROUP}) DO UPDATE SET n = c.n + excluded.n;`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // Replaced by the one search text below.
  await sql`DROP INDEX members_name_trgm_idx`.execute(db);
  await sql`DROP INDEX members_subscriber_trgm_idx`.execute(db);
  await sql.raw(`ALTER TABLE members ADD COLUMN search_text text GENERATED ALWAYS AS (${SEARCH_TEXT}) STORED`).execute(db);
  await sql.raw(`ALTER TABLE members ADD COLUMN phone_digits text GENERATED ALWAYS AS (regexp_replace(phone, '\\D', '', 'g')) STORED`).execute(db);
  await sql`CREATE INDEX members_search_text_trgm_idx ON members USING gin (search_text gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX members_phone_digits_trgm_idx ON members USING gin (phone_digits gin_trgm_ops)`.execute(db);

  for (const column of ASCENDING) {
    await sql.raw(`CREATE INDEX members_sort_${column}_idx ON members (${column} collate "C", id)`).execute(db);
  }
  for (const column of [...TEXT_KEYS, ...OTHER_KEYS]) {
    const key = TEXT_KEYS.includes(column) ? `${column} collate "C"` : column;
    await sql.raw(`CREATE INDEX members_sort_${column}_desc_idx ON members (${key} DESC NULLS LAST, id)`).execute(db);
  }

  await sql`
    CREATE TABLE member_counts (
      practice_id integer NOT NULL, company text NOT NULL, status text NOT NULL, result text NOT NULL,
      mco text NOT NULL, dentist integer NOT NULL, n integer NOT NULL,
      PRIMARY KEY (practice_id, company, status, result, mco, dentist)
    )`.execute(db);
  // One statement per change of members, however many rows it touches; groups are locked in key
  // order, so two saves moving members between the same groups never deadlock.
  await sql.raw(`
    CREATE FUNCTION member_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        DELETE FROM member_counts;
      ELSIF TG_OP = 'INSERT' THEN
        ${applyChanges(`SELECT ${ROW_GROUP}, 1 AS delta FROM new_rows`)}
      ELSIF TG_OP = 'DELETE' THEN
        ${applyChanges(`SELECT ${ROW_GROUP}, -1 AS delta FROM old_rows`)}
      ELSE
        ${applyChanges(`SELECT ${ROW_GROUP}, 1 AS delta FROM new_rows UNION ALL SELECT ${ROW_GROUP}, -1 FROM old_rows`)}
      END IF;
      RETURN NULL;
    END $$`).execute(db);
  // A transition table belongs to one event: one trigger per event.
  await sql`CREATE TRIGGER member_counts_insert AFTER INSERT ON members REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_counts_apply()`.execute(db);
  await sql`CREATE TRIGGER member_counts_update AFTER UPDATE ON members REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_counts_apply()`.execute(db);
  await sql`CREATE TRIGGER member_counts_delete AFTER DELETE ON members REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_counts_apply()`.execute(db);
  await sql`CREATE TRIGGER member_counts_truncate AFTER TRUNCATE ON members FOR EACH STATEMENT EXECUTE FUNCTION member_counts_apply()`.execute(db);
  await sql.raw(`
    INSERT INTO member_counts (${GROUP}, n)
    SELECT practice_id, company, status, result, mco, coalesce(dentist_id, 0), count(*) FROM members GROUP BY 1, 2, 3, 4, 5, 6`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const event of ["insert", "update", "delete", "truncate"]) await sql.raw(`DROP TRIGGER member_counts_${event} ON members`).execute(db);
  await sql`DROP FUNCTION member_counts_apply()`.execute(db);
  await sql`DROP TABLE member_counts`.execute(db);
  for (const column of [...TEXT_KEYS, ...OTHER_KEYS]) await sql.raw(`DROP INDEX members_sort_${column}_desc_idx`).execute(db);
  for (const column of ASCENDING) await sql.raw(`DROP INDEX members_sort_${column}_idx`).execute(db);
  await sql`ALTER TABLE members DROP COLUMN phone_digits`.execute(db);
  await sql`ALTER TABLE members DROP COLUMN search_text`.execute(db);
  await sql`CREATE INDEX members_name_trgm_idx ON members USING gin ((first_name || ' ' || last_name) gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX members_subscriber_trgm_idx ON members USING gin (subscriber_id gin_trgm_ops)`.execute(db);
}
