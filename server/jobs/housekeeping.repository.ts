// The SQL of the housekeeping job (housekeeping.ts): members' statuses brought in line with their
// appointments.
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/database.ts";

/** How many members were checked, and how many moved to each status. */
export interface StatusChanges {
  checked: number;
  to_no_future: number;
  to_future: number;
  to_new: number;
  to_new_with_apt: number;
}

/** Moves each member whose appointments say otherwise to the status they say, in one statement. */
export async function refreshMemberStatuses(db: Kysely<Database>, at: Date): Promise<StatusChanges> {
  const { rows } = await sql<StatusChanges>`
    with changed as (
      update member_visits v
         set status = case v.status
               when 'Recare Future Appointment' then 'Recare No Future Appointment'
               when 'Recare No Future Appointment' then 'Recare Future Appointment'
               when 'New Patient With Apt' then 'New Patient'
               else 'New Patient With Apt' end
       where (v.status in ('Recare Future Appointment', 'New Patient With Apt') and (v.next_apt is null or v.next_apt < ${at}))
          or (v.status in ('Recare No Future Appointment', 'New Patient') and v.next_apt >= ${at})
      returning v.status
    )
    select (select count(*) from members)::int as checked,
           count(*) filter (where status = 'Recare No Future Appointment')::int as to_no_future,
           count(*) filter (where status = 'Recare Future Appointment')::int as to_future,
           count(*) filter (where status = 'New Patient')::int as to_new,
           count(*) filter (where status = 'New Patient With Apt')::int as to_new_with_apt
      from changed`.execute(db);
  return rows[0]!;
}
