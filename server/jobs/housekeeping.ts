// The scheduled jobs besides the imports. What the server can do from its own tables it does; what
// needs a service the server is not connected to (the reminder service, the managers' mailing
// list) is counted and said plainly in the run log rather than pretended.
import { appointmentsOnNextWorkingDay, refreshMemberStatuses } from "./housekeeping.repository.ts";
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

/** The next working day's appointments, in the practice group's time zone. */
export const exportReminders: JobRunner = async ({ services, now }) => {
  const zone = services.config.reportTimeZone;
  const { day, appointments } = await appointmentsOnNextWorkingDay(services.db, now(), zone);
  return {
    status: "success",
    message: `Found ${count(appointments)} appointments on ${day}; no reminder service is connected to this server, so none were sent`,
  };
};

export const sendStatusReport: JobRunner = async () => ({
  status: "success",
  message: "No practice managers' mailing list is configured on this server: nothing sent (staff send the report to themselves from the report screen)",
});
