// Practices and regions. Lists are sorted by abbreviation (regions by name), ties by id, in code
// unit order ("C" collation) on both engines.
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import { storableIds } from "../reports/practiceIds.ts";

export interface PracticeRow {
  id: number;
  name: string;
  abbr: string;
  region: string;
  brands: string[];
}

export interface RegionRow {
  id: number;
  name: string;
  title: string;
}

export interface PracticeFilter {
  brand?: string;
  /** A region name; undefined or "all" for every region. */
  region?: string;
}

export async function listPractices(db: Kysely<Database>, filter: PracticeFilter = {}): Promise<PracticeRow[]> {
  let query = db
    .selectFrom("practices")
    .innerJoin("regions", "regions.id", "practices.region_id")
    .select(["practices.id", "practices.name", "practices.abbr", "regions.name as region", "practices.brands"]);
  if (filter.brand !== undefined) query = query.where(sql<boolean>`${filter.brand} = any(practices.brands)`);
  if (filter.region !== undefined && filter.region !== "all") query = query.where("regions.name", "=", filter.region);
  return query.orderBy(sql`practices.abbr collate "C"`).orderBy("practices.id").execute();
}

export async function listRegions(db: Kysely<Database>): Promise<RegionRow[]> {
  return db.selectFrom("regions").select(["id", "name", "brand_name as title"]).orderBy(sql`name collate "C"`).orderBy("id").execute();
}

export async function userExists(db: Kysely<Database>, id: number): Promise<boolean> {
  return (await db.selectFrom("users").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
}

/** The ids that name no practice (an id beyond the integer column's range names none). */
export async function unknownPracticeIds(db: Kysely<Database>, ids: readonly string[]): Promise<string[]> {
  const candidates = storableIds(ids.map(Number));
  const known = candidates.length === 0 ? [] : await db.selectFrom("practices").select("id").where("id", "in", candidates).execute();
  const knownIds = new Set(known.map((row) => String(row.id)));
  return ids.filter((id) => !knownIds.has(id));
}
