// The call activity report (GET /report/call-activity): calls started and results saved per user
// in a range of days of the practice group's time zone, counted in SQL and ordered by the shared rule.
import type { Kysely } from "kysely";
import type { components } from "../../contract/schema.d.ts";
import { toInstantRange, type DateRange } from "../../domain/calendar.ts";
import { callActivityRows } from "../../domain/reports/callActivity.ts";
import type { Database } from "../db/database.ts";

type CallActivityRow = components["schemas"]["CallActivityRow"];

export async function callActivityReport(db: Kysely<Database>, range: DateRange, timeZone: string): Promise<CallActivityRow[]> {
  const { from, to } = toInstantRange(range, timeZone);
  const countsOf = async (table: "call_starts" | "results", column: "started_at" | "created_at") => {
    const rows = await db
      .selectFrom(table)
      .where(column, ">=", new Date(from))
      .where(column, "<", new Date(to))
      .groupBy("user_id")
      .select((eb) => ["user_id", eb.fn.countAll<string>().as("count")])
      .execute();
    return new Map(rows.map((row) => [row.user_id, Number(row.count)]));
  };
  const [callsStarted, resultsSaved] = await Promise.all([countsOf("call_starts", "started_at"), countsOf("results", "created_at")]);
  const userIds = [...new Set([...callsStarted.keys(), ...resultsSaved.keys()])];
  if (userIds.length === 0) return [];
  const users = await db.selectFrom("users").select(["id", "email", "firstname", "lastname"]).where("id", "in", userIds).execute();
  return callActivityRows(users, callsStarted, resultsSaved);
}
