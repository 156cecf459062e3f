// The members status report in SQL (openapi.yaml getMembersStatusReport): per practice, the
// members of the three worked status groups by payer, their sum, and every extracted member under
// the same filters. Practices without a member under the filters have no row.
import { sql, type Kysely, type RawBuilder } from "kysely";
import { GROUP_BRANDS, GROUP_CELLS, GROUP_STATUS_VALUES, type MembersStatusQuery, type MembersStatusRow } from "../../domain/reports/membersStatus.ts";
import type { Database } from "../db/database.ts";
import { storableIds } from "./practiceIds.ts";

const given = (value: string): boolean => value !== "all";

/**
 * Members are first counted by practice, status and payer, then those counts are spread into the
 * report's cells. The counts come from member_counts (migration 0010: one row per practice × payer
 * × status × result × MCO × dentist, kept by triggers in the same transaction as every write of
 * members), never from the members themselves: ~40,000 rows at 1,000,000 members instead of a scan
 * of every member (bench/README.md, reports). A group emptied by moves keeps its row at 0, hence the
 * `having`.
 */
export async function membersStatusRows(db: Kysely<Database>, query: MembersStatusQuery): Promise<MembersStatusRow[]> {
  let counted = db
    .selectFrom("member_counts as m")
    .innerJoin("practices as p", "p.id", "m.practice_id")
    .select(["p.id", "p.abbr", "m.status", "m.company", sql<number>`sum(m.n)`.as("n")])
    .groupBy(["p.id", "p.abbr", "m.status", "m.company"]);
  if (given(query.brand)) counted = counted.where("m.company", "=", query.brand);
  if (given(query.mco)) counted = counted.where("m.mco", "=", query.mco);
  if (given(query.result)) counted = counted.where("m.result", "=", query.result);
  if (query.practice.length > 0) {
    const ids = storableIds(query.practice);
    if (ids.length === 0) return [];
    counted = counted.where("m.practice_id", "in", ids);
  }
  if (given(query.region)) {
    const region = query.region;
    counted = counted.where("p.region_id", "=", (eb) => eb.selectFrom("regions").select("id").where("name", "=", region));
  }
  const sumWhere = (condition: RawBuilder<unknown>) => sql<number>`coalesce(sum(c.n) filter (where ${condition}), 0)::int`;
  return db
    .selectFrom(counted.as("c"))
    .select(["c.abbr as practice", "c.id as practiceId"])
    .select(GROUP_CELLS.map(({ cell, status, brand }) => sumWhere(sql`c.status = ${status} and c.company = ${brand}`).as(cell)))
    .select([
      sumWhere(sql`c.status in (${sql.join(GROUP_STATUS_VALUES)}) and c.company in (${sql.join(GROUP_BRANDS)})`).as("total"),
      sql<number>`sum(c.n)::int`.as("extractedMembers"),
    ])
    .groupBy(["c.id", "c.abbr"])
    .having(sql<boolean>`sum(c.n) > 0`)
    .orderBy(sql`c.abbr collate "C"`)
    .orderBy("c.id")
    .execute();
}
