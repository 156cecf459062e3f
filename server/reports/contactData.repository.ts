// The contact data report's SQL: result saves of the result history (each one a call attempt,
// docs/architecture.md, Data) counted by period and by hour of the day in the group's time zone,
// summed from result_save_counts (migration 0028: saves per quarter of an hour and result, kept in
// the same transaction as the history) rather than read save by save.
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
 * Calls per named period and local hour; hours without calls are left out. The periods overlap
 * (today is in this week and this month), so each save is joined to every period it falls in.
 */
export async function callsByHour(db: Kysely<Database>, periods: Record<string, DateRange>, timeZone: string): Promise<HourCounts[]> {
  const contacted = sql.join(CONTACTED_RESULTS.map((result) => sql.lit(result)));
  const { rows } = await sql<HourCounts>`
    select period.name as period,
           ${hourOfDay(sql.ref("saves.starts_at"), timeZone)} as hour,
           cast(coalesce(sum(saves.n) filter (where saves.result in (${contacted})), 0) as integer) as "contacted",
           cast(coalesce(sum(saves.n) filter (where saves.result not in (${contacted})), 0) as integer) as "notContacted",
           cast(coalesce(sum(saves.n) filter (where saves.result = ${APPOINTMENT_MADE}), 0) as integer) as "appointments"
      from ${periodValues(periods, timeZone)} as period(name, starts_at, ends_at)
      join result_save_counts as saves on saves.starts_at >= period.starts_at and saves.starts_at < period.ends_at
     where saves.result <> '' -- saving Blank clears a result: nobody was called
       and saves.n <> 0
     group by 1, 2`.execute(db);
  return rows;
}
