// The call activity report (GET /report/call-activity): calls started and results saved per user
// in a range of days of the practice group's time zone, summed from the per-user, per-day summary
// (migration 0031), or narrowed to a campaign from its per-user, per-day summary (migration 0051),
// and ordered by the shared rule.
import { sql, type Kysely } from "kysely";
import type { components } from "../../contract/schema.d.ts";
import type { DateRange } from "../../domain/calendar.ts";
import { callActivityRows } from "../../domain/reports/callActivity.ts";
import type { Database } from "../db/database.ts";
import { activityTimeZone } from "./activityTimeZone.repository.ts";

type CallActivityRow = components["schemas"]["CallActivityRow"];

export async function callActivityReport(db: Kysely<Database>, range: DateRange, timeZone: string, campaign?: number): Promise<CallActivityRow[]> {
  const counted = await activityTimeZone(db);
  if (counted !== timeZone) throw new Error(`call activity is counted in ${counted}, not ${timeZone}: keepActivityInTimeZone was not called`);
  const days = campaign === undefined ? sql`user_day_activity` : sql`campaign_day_activity`;
  const ofCampaign = campaign === undefined ? sql`` : sql`and campaign_id = ${campaign}`;
  const { rows } = await sql<{ user_id: number; calls_started: string; results_saved: string }>`
    select user_id, sum(calls_started) as calls_started, sum(results_saved) as results_saved from ${days}
    where day >= ${range.startDate} and day <= ${range.endDate} ${ofCampaign}
    group by user_id`.execute(db);
  const callsStarted = new Map(rows.filter((row) => Number(row.calls_started) > 0).map((row) => [row.user_id, Number(row.calls_started)]));
  const resultsSaved = new Map(rows.filter((row) => Number(row.results_saved) > 0).map((row) => [row.user_id, Number(row.results_saved)]));
  const userIds = [...new Set([...callsStarted.keys(), ...resultsSaved.keys()])];
  if (userIds.length === 0) return [];
  const users = await db.selectFrom("users").select(["id", "email", "firstname", "lastname"]).where("id", "in", userIds).execute();
  return callActivityRows(users, callsStarted, resultsSaved);
}
