// The practices a feed's rows name, by abbreviation (upper case), with the zone their local
// date-times are read in (the group's for a practice without its own).
import type { Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import type { FeedPractice } from "../../domain/feeds/layouts.ts";

export async function feedPracticesByAbbr(db: Kysely<Database>, groupZone: string): Promise<Map<string, FeedPractice>> {
  const rows = await db.selectFrom("practices").select(["id", "abbr", "time_zone"]).execute();
  return new Map(rows.map((row) => [row.abbr.toUpperCase(), { id: row.id, timeZone: row.time_zone ?? groupZone }]));
}
