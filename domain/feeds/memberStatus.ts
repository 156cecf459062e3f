// What the practices' appointments make of a member (server/feeds writes it, set-based, in the
// same terms): its Status, last visit and whether the call center should leave it alone.
import type { components } from "../../contract/schema";
import { INACTIVE_STATUSES } from "../queue/results.ts";

type Status = components["schemas"]["MemberStatus"];

/** What an open callback of a member booked at the practice is closed with. */
export const BOOKED_AT_PRACTICE = "Appointment booked at the practice";

/** Where a first visit came from when the member's result at its booking was not the call center's. */
export const PRACTICE_ORIGIN = "Practice";
/** The origin of a first visit booked while the member's result was Appointment Made: the call made it. */
export const CALL_CENTER_ORIGIN = "Call Center";

/** A member's Status from its appointments: the call center's own statuses (dropped, duplicate) stay. */
export function statusFromAppointments(current: Status, visits: { hasComplete: boolean; hasFutureScheduled: boolean }): Status {
  if ((INACTIVE_STATUSES as readonly string[]).includes(current)) return current;
  if (visits.hasFutureScheduled) return visits.hasComplete ? "Recare Future Appointment" : "New Patient With Apt";
  return visits.hasComplete ? "Recare No Future Appointment" : "New Patient";
}
