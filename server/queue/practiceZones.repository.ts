// The zones practices keep of their own (practices.time_zone; null: the practice group's).
import type { Kysely } from "kysely";
import type { Database } from "../db/database.ts";

export async function practiceZones(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom("practices").select("time_zone").distinct().where("time_zone", "is not", null).execute();
  return rows.map((row) => row.time_zone!);
}
