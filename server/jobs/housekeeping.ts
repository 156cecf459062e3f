// The scheduled jobs besides the imports. What the server can do from its own tables it does; what
// needs a service the server is not connected to (the reminder service, the managers' mailing
// list) is counted and said plainly in the run log rather than pretended.
import { sql } from "kysely";
import type { JobRunner } from "./runner.ts";

const count = (value: number) => value.toLocaleString("en-US");

/**
 * A member's status follows from the appointments the list knows: with a future appointment a
 * recare member is "Recare Future Appointment" and a new one "New Patient With Apt"; once that
 * appointment has passed without a new one, "Recare No Future Appointment" and "New Patient".
 */
export const refreshStatuses: JobRunner = async ({ services, now }) => {
  const at = now();
  const { rows } = await sql<{ checked: number; to_no_future: number; to_future: number; to_new: number; to_new_with_apt: number }>`
    with changed as (
      update members m
         set status = case m.status
               when 'Recare Future Appointment' then 'Recare No Future Appointment'
               when 'Recare No Future Appointment' then 'Recare Future Appointment'
               when 'New Patient With Apt' then 'New Patient'
               else 'New Patient With Apt' end
       where (m.status in ('Recare Future Appointment', 'New Patient With Apt') and (m.next_apt is null or m.next_apt < ${at}))
          or (m.status in ('Recare No Future Appointment', 'New Patient') and m.next_apt >= ${at})
      returning m.status
    )
    select (select count(*) from members)::int as checked,
           count(*) filter (where status = 'Recare No Future Appointment')::int as to_no_future,
           count(*) filter (where status = 'Recare Future Appointment')::int as to_future,
           count(*) filter (where status = 'New Patient')::int as to_new,
           count(*) filter (where status = 'New Patient With Apt')::int as to_new_with_apt
      from changed`.execute(services.db);
  const result = rows[0]!;
  const changed = result.to_no_future + result.to_future + result.to_new + result.to_new_with_apt;
  return {
    status: "success",
    message:
      `Checked ${count(result.checked)} members: ${count(changed)} changed (${result.to_no_future} to Recare No Future Appointment, ` +
      `${result.to_future} to Recare Future Appointment, ${result.to_new} to New Patient, ${result.to_new_with_apt} to New Patient With Apt)`,
  };
};

/** The next working day's appointments, in the practice group's time zone. */
export const exportReminders: JobRunner = async ({ services, now }) => {
  const zone = services.config.reportTimeZone;
  const { rows } = await sql<{ day: string; appointments: number }>`
    with today as (select (${now()}::timestamptz at time zone ${zone})::date as day),
    next_day as (
      select case extract(isodow from day) when 5 then day + 3 when 6 then day + 2 else day + 1 end as day from today
    )
    select to_char(n.day, 'YYYY-MM-DD') as day,
           (select count(*) from members m
             where m.next_apt >= (n.day::timestamp at time zone ${zone})
               and m.next_apt < ((n.day + 1)::timestamp at time zone ${zone}))::int as appointments
      from next_day n`.execute(services.db);
  const { day, appointments } = rows[0]!;
  return {
    status: "success",
    message: `Found ${count(appointments)} appointments on ${day}; no reminder service is connected to this server, so none were sent`,
  };
};

export const sendStatusReport: JobRunner = async () => ({
  status: "success",
  message: "No practice managers' mailing list is configured on this server: nothing sent (staff send the report to themselves from the report screen)",
});
