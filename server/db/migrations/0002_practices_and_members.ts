// Regions, practices, dentists, members, notes and result history, indexed for every filter and
// sort of the members list (openapi.yaml getMembersTableData) and for the fuzzy name search.
import { sql, type Kysely } from "kysely";

/**
 * Sort keys of the members list (orderByColumn), each with `id` as the final tiebreak. Text sorts
 * compare code units on both engines (members.repository.ts), so their indexes use "C" too.
 */
const SORT_INDEXES: Record<string, string> = {
  name: `last_name collate "C", first_name collate "C", id`,
  subscriber_id: `subscriber_id collate "C", id`,
  pat_num: `pat_num collate "C", id`,
  mco: `mco collate "C", id`,
  city: `city collate "C", id`,
  status: `status collate "C", id`,
  result: `result collate "C", id`,
  date_of_birth: "date_of_birth, id",
  days_extracted: "days_extracted, id",
  last_visit: "last_visit, id",
  next_apt: "next_apt, id",
  notes_at: "notes_at, id",
  entry_time: "entry_time, id",
};

export async function up(db: Kysely<unknown>): Promise<void> {
  // In public, so that every schema of the database (tests use one each) finds its operators.
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`.execute(db);

  await db.schema
    .createTable("regions")
    .addColumn("id", "integer", (col) => col.primaryKey())
    .addColumn("name", "text", (col) => col.notNull().unique())
    .addColumn("brand_name", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("practices")
    .addColumn("id", "integer", (col) => col.primaryKey())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("abbr", "text", (col) => col.notNull().unique())
    .addColumn("region_id", "integer", (col) => col.notNull().references("regions.id"))
    .addColumn("brands", sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
    .execute();
  await db.schema.createIndex("practices_region_id_idx").on("practices").column("region_id").execute();

  await db.schema
    .createTable("dentists")
    .addColumn("id", "integer", (col) => col.primaryKey())
    .addColumn("practice_id", "integer", (col) => col.notNull().references("practices.id"))
    .addColumn("first_name", "text", (col) => col.notNull())
    .addColumn("name", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("dentists_practice_id_idx").on("dentists").column("practice_id").execute();

  await db.schema
    .createTable("members")
    .addColumn("id", "integer", (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn("company", "text", (col) => col.notNull())
    .addColumn("subscriber_id", "text", (col) => col.notNull())
    .addColumn("pat_num", "text", (col) => col.notNull())
    .addColumn("mco", "text", (col) => col.notNull())
    .addColumn("first_name", "text", (col) => col.notNull())
    .addColumn("middle_name", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("last_name", "text", (col) => col.notNull())
    .addColumn("practice_id", "integer", (col) => col.notNull().references("practices.id"))
    .addColumn("dentist_id", "integer", (col) => col.references("dentists.id"))
    .addColumn("address1", "text", (col) => col.notNull())
    .addColumn("city", "text", (col) => col.notNull())
    .addColumn("state", "text", (col) => col.notNull())
    .addColumn("phone", "text", (col) => col.notNull())
    .addColumn("date_of_birth", "date", (col) => col.notNull())
    .addColumn("days_extracted", "integer", (col) => col.notNull())
    .addColumn("notes", "text")
    .addColumn("notes_at", "timestamptz")
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("result", "text", (col) => col.notNull())
    .addColumn("last_visit", "date")
    .addColumn("next_apt", "timestamptz")
    .addColumn("entry_time", "timestamptz", (col) => col.notNull())
    .execute();
  // The import upserts by subscriber id and practice (docs/architecture.md, Members import).
  // Not unique yet: the generated demo lists may repeat a subscriber id within a practice.
  await db.schema.createIndex("members_subscriber_practice_idx").on("members").columns(["subscriber_id", "practice_id"]).execute();
  // Every list is scoped to practices first; filters and sorts then narrow within them.
  for (const column of ["company", "mco", "status", "result", "dentist_id"]) {
    await db.schema.createIndex(`members_practice_${column}_idx`).on("members").columns(["practice_id", column, "id"]).execute();
  }
  for (const [name, keys] of Object.entries(SORT_INDEXES)) {
    await db.schema.createIndex(`members_sort_${name}_idx`).on("members").expression(sql.raw(keys)).execute();
  }
  await sql`CREATE INDEX members_name_trgm_idx ON members USING gin ((first_name || ' ' || last_name) gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX members_subscriber_trgm_idx ON members USING gin (subscriber_id gin_trgm_ops)`.execute(db);

  await db.schema
    .createTable("notes")
    .addColumn("id", "integer", (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn("member_id", "integer", (col) => col.notNull().references("members.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id"))
    .addColumn("notes", "text", (col) => col.notNull())
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("notes_member_idx").on("notes").columns(["member_id", "created_at"]).execute();

  await db.schema
    .createTable("results")
    .addColumn("id", "integer", (col) => col.primaryKey().generatedByDefaultAsIdentity())
    .addColumn("member_id", "integer", (col) => col.notNull().references("members.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id"))
    .addColumn("result", "text", (col) => col.notNull())
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("results_member_idx").on("results").columns(["member_id", "created_at"]).execute();
  // Contact-data and quality reports read call attempts by time.
  await db.schema.createIndex("results_created_at_idx").on("results").column("created_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["results", "notes", "members", "dentists", "practices", "regions"]) {
    await db.schema.dropTable(table).execute();
  }
}
