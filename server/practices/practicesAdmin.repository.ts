// The writes of practice and region administration (openapi.yaml addPractice, updatePractice,
// getRegions, addRegion, renameRegion, removeRegion). A production database starts with no region:
// administrators add them; the demo seed writes four.
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

/** The region's id, or undefined when there is no region with the code. */
export async function regionId(db: Kysely<Database>, code: string): Promise<number | undefined> {
  return (await db.selectFrom("regions").select("id").where("name", "=", code).executeTakeFirst())?.id;
}

/** Every region's code, for checking the region filters. */
export async function regionCodes(db: Kysely<Database>): Promise<string[]> {
  return (await db.selectFrom("regions").select("name").execute()).map((row) => row.name);
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

/** Each region with its title and number of practices, by code. */
export async function regionRows(db: Kysely<Database>): Promise<{ name: string; title: string; practices: number }[]> {
  return db
    .selectFrom("regions as r")
    .select(["r.name", "r.brand_name as title"])
    .select((eb) => eb.selectFrom("practices as p").select((p) => p.fn.countAll<number>().as("n")).whereRef("p.region_id", "=", "r.id").as("practices"))
    .orderBy(sql`r.name collate "C"`)
    .execute()
    .then((rows) => rows.map((row) => ({ name: row.name, title: row.title, practices: Number(row.practices ?? 0) })));
}

/** The region that has the title (without regard to case), other than `exceptCode`. */
export async function regionWithTitle(db: Kysely<Database>, title: string, exceptCode?: string) {
  let query = db.selectFrom("regions").select(["name"]).where((eb) => eb(eb.fn("lower", ["brand_name"]), "=", title.toLowerCase()));
  if (exceptCode !== undefined) query = query.where("name", "<>", exceptCode);
  return query.executeTakeFirst();
}

export async function insertRegion(db: Kysely<Database>, code: string, title: string): Promise<void> {
  await db
    .insertInto("regions")
    .values({ id: sql<number>`(select coalesce(max(id), 0) + 1 from regions)`, name: code, brand_name: title })
    .execute();
}

export async function setRegionTitle(db: Kysely<Database>, code: string, title: string): Promise<void> {
  await db.updateTable("regions").set({ brand_name: title }).where("name", "=", code).execute();
}

/** The abbreviations of the region's practices. */
export async function practicesOfRegion(db: Kysely<Database>, code: string): Promise<string[]> {
  const rows = await db.selectFrom("practices as p").innerJoin("regions as r", "r.id", "p.region_id").select("p.abbr").where("r.name", "=", code).execute();
  return rows.map((row) => row.abbr);
}

export async function deleteRegion(db: Kysely<Database>, code: string): Promise<void> {
  await db.deleteFrom("regions").where("name", "=", code).execute();
}
