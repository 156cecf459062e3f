// The contact data report's SQL: result saves of the result history (each one a call attempt,
// docs/architecture.md, Data) counted by period and by hour of the day in the group's time zone,
// summed from result_save_counts (migration 0028: saves per quarter of an hour and result, kept in
// the same transaction as the history) rather than read save by save; narrowed to a campaign, from
// campaign_save_counts (migration 0051: the same counts of the saves made in each campaign).
import { sql, type Kysely } from "kysely";
import { APPOINTMENT_MADE, CONTACTED_RESULTS } from "../../domain/vocabulary.ts";
import type { Database } from "../db/database.ts";
import type { DateRange } from "../../domain/calendar.ts";
import { hourOfDay, periodValues } from "./periods.repository.ts";


export interface HourCounts {
  period: string;
  hour: number;
  contacted: number;
  notContacted: number;
  appointments: number;
}

/**
 * Calls per named period and local hour; hours without calls are left out. The quarters of every
 * period are summed once (by contact, over the results), then each quarter is joined to every
 * period it falls in: the periods overlap (today is in this week and this month), and joining the
 * quarters' results to each period was three times the work.
 */
export async function callsByHour(db: Kysely<Database>, periods: Record<string, DateRange>, timeZone: string, campaign?: number): Promise<HourCounts[]> {
  const contacted = sql.join(CONTACTED_RESULTS.map((result) => sql.lit(result)));
  const counts = campaign === undefined ? sql`result_save_counts` : sql`campaign_save_counts`;
  const ofCampaign = campaign === undefined ? sql`` : sql`and campaign_id = ${campaign}`;
  const { rows } = await sql<HourCounts>`
    with period(name, starts_at, ends_at) as (${periodValues(periods, timeZone)}),
    quarter as materialized (
      select starts_at,
             sum(n) filter (where result in (${contacted})) as contacted,
             sum(n) filter (where result not in (${contacted})) as not_contacted,
             sum(n) filter (where result = ${APPOINTMENT_MADE}) as appointments
        from ${counts}
       where starts_at >= (select min(starts_at) from period) and starts_at < (select max(ends_at) from period)
         and result <> '' -- saving Blank clears a result: nobody was called
         and n <> 0
         ${ofCampaign}
       group by starts_at)
    select period.name as period,
           ${hourOfDay(sql.ref("quarter.starts_at"), timeZone)} as hour,
           cast(coalesce(sum(quarter.contacted), 0) as integer) as "contacted",
           cast(coalesce(sum(quarter.not_contacted), 0) as integer) as "notContacted",
           cast(coalesce(sum(quarter.appointments), 0) as integer) as "appointments"
      from period
      join quarter on quarter.starts_at >= period.starts_at and quarter.starts_at < period.ends_at
     group by 1, 2`.execute(db);
  return rows;
}
