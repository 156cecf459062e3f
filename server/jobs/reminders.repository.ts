// The appointments of the next working day (Monday after a Friday or a weekend), in the practice
// group's time zone, for the reminders job: each member's next appointment, with what a reminder
// service needs to reach the patient. Walks member_visits' next_apt index.
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/database.ts";

export interface Appointment {
  memberId: number;
  firstName: string;
  lastName: string;
  phone: string;
  practice: string;
  practiceName: string;
  at: Date;
}

export async function nextWorkingDayAppointments(db: Kysely<Database>, now: Date, zone: string): Promise<{ day: string; appointments: Appointment[] }> {
  const { rows } = await sql<{ day: string; start: Date; end: Date }>`
    with today as (select (${now}::timestamptz at time zone ${zone})::date as day),
    next_day as (
      select case extract(isodow from day) when 5 then day + 3 when 6 then day + 2 else day + 1 end as day from today
    )
    select to_char(day, 'YYYY-MM-DD') as day,
           (day::timestamp at time zone ${zone}) as start,
           ((day + 1)::timestamp at time zone ${zone}) as "end"
      from next_day`.execute(db);
  const { day, start, end } = rows[0]!;
  const appointments = await db
    .selectFrom("member_visits as v")
    .innerJoin("members as m", "m.id", "v.member_id")
    .innerJoin("practices as p", "p.id", "m.practice_id")
    .select(["m.id as memberId", "m.first_name as firstName", "m.last_name as lastName", "m.phone", "p.abbr as practice", "p.name as practiceName"])
    .select(sql<Date>`v.next_apt`.as("at"))
    .where("v.next_apt", ">=", start)
    .where("v.next_apt", "<", end)
    .orderBy("v.next_apt")
    .orderBy("v.member_id")
    .execute();
  return { day, appointments };
}
