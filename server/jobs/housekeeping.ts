// The nightly status refresh, done from the server's own tables. The jobs that need an integration
// (reminders.ts, statusReport.ts) are skipped, saying why, until it is configured.
import { refreshMemberStatuses } from "./housekeeping.repository.ts";
import type { JobRunner } from "./runner.ts";

const count = (value: number) => value.toLocaleString("en-US");

/**
 * A member's status follows from the appointments the list knows: with a future appointment a
 * recare member is "Recare Future Appointment" and a new one "New Patient With Apt"; once that
 * appointment has passed without a new one, "Recare No Future Appointment" and "New Patient".
 */
export const refreshStatuses: JobRunner = async ({ services, now }) => {
  const at = now();
  const result = await refreshMemberStatuses(services.db, at);
  const changed = result.to_no_future + result.to_future + result.to_new + result.to_new_with_apt;
  return {
    status: "success",
    message:
      `Checked ${count(result.checked)} members: ${count(changed)} changed (${result.to_no_future} to Recare No Future Appointment, ` +
      `${result.to_future} to Recare Future Appointment, ${result.to_new} to New Patient, ${result.to_new_with_apt} to New Patient With Apt)`,
  };
};
