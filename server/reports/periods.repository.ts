// Days of the practice calendar in SQL (openapi.yaml, Dates; REPORT_TIME_ZONE): the arithmetic of
// days is domain/calendar.ts; a day becomes an instant only inside SQL, with `AT TIME ZONE`, so a
// day of 23 or 25 hours at a change of the clocks starts and ends where the zone says.
import { sql, type Expression, type RawBuilder } from "kysely";
import type { DateRange, IsoDate } from "../../domain/calendar.ts";

/** SQL: the first instant of a day in the zone (a timestamptz). */
export function startOfDay(date: IsoDate, timeZone: string): RawBuilder<Date> {
  return sql<Date>`(cast(${date} as date)::timestamp at time zone ${timeZone})`;
}

/** SQL: the first instant of the day after, where a range of days ends (excluded). */
export function startOfDayAfter(date: IsoDate, timeZone: string): RawBuilder<Date> {
  return sql<Date>`((cast(${date} as date) + 1)::timestamp at time zone ${timeZone})`;
}

/** SQL: the instant is on one of the range's days in the zone (first day's midnight included, the day after's excluded). */
export function withinDays(instant: Expression<Date | string>, range: DateRange, timeZone: string): RawBuilder<boolean> {
  return sql<boolean>`(${instant} >= ${startOfDay(range.startDate, timeZone)} and ${instant} < ${startOfDayAfter(range.endDate, timeZone)})`;
}

/** SQL: `(values (name, starts_at, ends_at), …)`, named ranges of days with their bounds as instants of the zone. */
export function periodValues(periods: Record<string, DateRange>, timeZone: string): RawBuilder<unknown> {
  const rows = Object.entries(periods).map(
    ([name, range]) => sql`(${name}, ${startOfDay(range.startDate, timeZone)}, ${startOfDayAfter(range.endDate, timeZone)})`,
  );
  return sql`(values ${sql.join(rows)})`;
}

/** SQL: the hour of the day (0–23) of an instant in the zone. */
export function hourOfDay(instant: Expression<Date | string>, timeZone: string): RawBuilder<number> {
  return sql<number>`cast(extract(hour from ${instant} at time zone ${timeZone}) as integer)`;
}
