// The lead data report's SQL: leads entered (by when they were created) per practice and period,
// every practice in scope with its zeros.
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import type { DateRange } from "../../domain/calendar.ts";
import { periodValues } from "./periods.repository.ts";

export interface LeadsEnteredCount {
  practiceId: number;
  location: string;
  period: string;
  count: number;
}

/**
 * One row per practice and named period, sorted by location (code point order, domain/order.ts's
 * compareText), ties by practice id. `practice`: a practice id as the contract writes it, or "all".
 */
export async function leadsEntered(
  db: Kysely<Database>,
  periods: Record<string, DateRange>,
  timeZone: string,
  practice: string,
): Promise<LeadsEnteredCount[]> {
  // Leads are counted per period first (one index range scan each), then spread over the practices.
  const { rows } = await sql<LeadsEnteredCount>`
    with period(name, starts_at, ends_at) as ${periodValues(periods, timeZone)},
         counted as (
           select period.name, leads.practice_id, count(*) as count
             from period
             join leads on leads.created_at >= period.starts_at and leads.created_at < period.ends_at
            group by period.name, leads.practice_id)
    select practices.id as "practiceId", practices.abbr as location, period.name as period, cast(coalesce(counted.count, 0) as integer) as count
      from practices
     cross join period
      left join counted on counted.name = period.name and counted.practice_id = practices.id
     where ${practice === "all" ? sql`true` : sql`cast(practices.id as text) = ${practice}`}
     order by practices.abbr collate "C", practices.id`.execute(db);
  return rows;
}
