// The priority status report in SQL (openapi.yaml getPriorityStatusReport): per practice, its
// patients with planned treatment by priority; every practice, zeros included, sorted by location.
import { sql, type Kysely } from "kysely";
import type { components } from "../../contract/schema.d.ts";
import type { Database } from "../db/database.ts";

export type PriorityRow = components["schemas"]["PriorityRow"];

const countOf = (priority: Database["treatment_priorities"]["priority"]) =>
  sql<number>`(count(t.id) filter (where t.priority = ${priority}))::int`;

export async function priorityStatusRows(db: Kysely<Database>): Promise<PriorityRow[]> {
  return db
    .selectFrom("practices as p")
    .innerJoin("regions as r", "r.id", "p.region_id")
    .leftJoin("treatment_priorities as t", "t.practice_id", "p.id")
    .select(["p.abbr as location", "p.id as practiceId", sql<PriorityRow["region"]>`r.name`.as("region")])
    .select([countOf("P1").as("P1"), countOf("P2").as("P2"), countOf("P3").as("P3"), countOf("P4").as("P4"), sql<number>`count(t.id)::int`.as("sum")])
    .groupBy(["p.id", "p.abbr", "r.name"])
    .orderBy(sql`p.abbr collate "C"`)
    .orderBy("p.id")
    .execute();
}
