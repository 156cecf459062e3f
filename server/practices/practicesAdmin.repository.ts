// The writes of practice and region administration (openapi.yaml addPractice, updatePractice,
// getRegions, renameRegion). A region row is made when it is first named or given a practice: a
// production database starts with none, the demo seed writes all four.
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/database.ts";

export interface PracticeFields {
  name: string;
  abbr: string;
  region: string;
  brands: string[];
}

export async function practiceWithAbbreviation(db: Kysely<Database>, abbr: string, exceptId?: number) {
  let query = db.selectFrom("practices").select(["id", "name"]).where((eb) => eb(eb.fn("upper", ["abbr"]), "=", abbr));
  if (exceptId !== undefined) query = query.where("id", "<>", exceptId);
  return query.executeTakeFirst();
}

export async function practiceExists(db: Kysely<Database>, id: number): Promise<boolean> {
  return (await db.selectFrom("practices").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
}

/** The region's id, its row made (with the title given) when it has none yet. */
export async function ensureRegion(db: Kysely<Database>, name: string, title: string): Promise<number> {
  const found = await db.selectFrom("regions").select("id").where("name", "=", name).executeTakeFirst();
  if (found) return found.id;
  const row = await db
    .insertInto("regions")
    .values({ id: sql<number>`(select coalesce(max(id), 0) + 1 from regions)`, name, brand_name: title })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertPractice(db: Kysely<Database>, fields: PracticeFields, regionId: number): Promise<number> {
  // Practice ids are given by the seed and the payers' systems too, so there is no sequence: the next free one.
  const row = await db
    .insertInto("practices")
    .values({ id: sql<number>`(select coalesce(max(id), 0) + 1 from practices)`, name: fields.name, abbr: fields.abbr, region_id: regionId, brands: fields.brands })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePracticeRow(db: Kysely<Database>, id: number, fields: PracticeFields, regionId: number): Promise<void> {
  await db.updateTable("practices").set({ name: fields.name, abbr: fields.abbr, region_id: regionId, brands: fields.brands }).where("id", "=", id).execute();
}

/** Each region that has a row, with its title and number of practices. */
export async function regionRows(db: Kysely<Database>): Promise<{ name: string; title: string; practices: number }[]> {
  return db
    .selectFrom("regions as r")
    .select(["r.name", "r.brand_name as title"])
    .select((eb) => eb.selectFrom("practices as p").select((p) => p.fn.countAll<number>().as("n")).whereRef("p.region_id", "=", "r.id").as("practices"))
    .execute()
    .then((rows) => rows.map((row) => ({ name: row.name, title: row.title, practices: Number(row.practices ?? 0) })));
}

export async function setRegionTitle(db: Kysely<Database>, name: string, title: string): Promise<void> {
  await ensureRegion(db, name, title);
  await db.updateTable("regions").set({ brand_name: title }).where("name", "=", name).execute();
}
