// The nightly status refresh, done from the server's own tables. The jobs that need an integration
// (reminders.ts, statusReport.ts) are skipped, saying why, until it is configured.
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
