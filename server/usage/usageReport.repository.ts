// The universal usage report (GET /report/usage/{params}) as one aggregate query: page visits in a
// range of days of the practice group's time zone, one row per user, visited page and default
// practice, with the number of visits and the day of the last one. Text is ordered by code point
// (collate "C", domain/order.ts).
import { sql, type Kysely } from "kysely";
import type { components } from "../../contract/schema.d.ts";
import type { Database } from "../db/database.ts";

type UsageQuery = components["schemas"]["UsageQuery"];
type UsageRow = components["schemas"]["UsageRow"];

/** An ILIKE pattern matching `text` anywhere, its wildcards taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export async function usageReport(db: Kysely<Database>, query: UsageQuery, timeZone: string): Promise<UsageRow[]> {
  const userSearch = query.userSearch.trim();
  const pageText = query.visitedUrl?.trim() ?? "";
  // Both days included: from the start of startDate to the start of the day after endDate, there.
  const from = sql<Date>`(${query.startDate}::date)::timestamp at time zone ${timeZone}`;
  const to = sql<Date>`(${query.endDate}::date + 1)::timestamp at time zone ${timeZone}`;
  const rows = await db
    .selectFrom("page_visits as v")
    .innerJoin("users as u", "u.id", "v.user_id")
    .where("v.accessed_at", ">=", from)
    .where("v.accessed_at", "<", to)
    .$if(pageText !== "", (qb) => qb.where("v.visited_url", "ilike", containing(pageText)))
    .$if(userSearch !== "", (qb) =>
      qb.where((eb) =>
        eb.or([
          eb("u.email", "ilike", containing(userSearch)),
          eb("u.firstname", "ilike", containing(userSearch)),
          eb("u.lastname", "ilike", containing(userSearch)),
        ]),
      ),
    )
    .groupBy(["v.user_id", "v.visited_url", "v.default_practice_id", "u.email", "u.firstname", "u.lastname"])
    .select([
      "v.user_id",
      "v.visited_url",
      "v.default_practice_id",
      "u.email",
      "u.firstname",
      "u.lastname",
      sql<string>`to_char(max(v.accessed_at) at time zone ${timeZone}, 'YYYY-MM-DD')`.as("access_date"),
      sql<number>`count(*)::int`.as("count"),
    ])
    .orderBy(sql`count(*)`, "desc")
    .orderBy(sql`u.email collate "C"`)
    .orderBy("v.user_id")
    .orderBy(sql`v.visited_url collate "C"`)
    .orderBy(sql`v.default_practice_id collate "C"`)
    .execute();
  return rows.map((row) => ({
    userId: row.user_id,
    visitedUrl: row.visited_url,
    defualtPracticeId: row.default_practice_id,
    username: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    accessDate: row.access_date,
    count: row.count,
  }));
}
