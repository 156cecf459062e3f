// What a patient's appointments at the practice make of its member, read from all of them at once
// (the server's feed SQL works out the same, set-based): Status, last visit, next appointment, and
// the first visit with the call center's credit when the member's result at its booking was
// Appointment Made.
import type { components } from "../../contract/schema";
import { localTimeOf } from "../queue/zonedTime.ts";
import { APPOINTMENT_MADE } from "../vocabulary.ts";
import { CALL_CENTER_ORIGIN, PRACTICE_ORIGIN, statusFromAppointments } from "./memberStatus.ts";
import type { AppointmentStatus } from "./records.ts";

type Status = components["schemas"]["MemberStatus"];

/** One appointment as kept: instants as ISO strings; bookedAt is when the source first showed it. */
export interface KeptAppointment {
  status: AppointmentStatus;
  startsAt: string;
  bookedAt: string;
}

export interface PatientVisits {
  status: Status;
  /** The last completed visit's day in the practice's zone; the member's own when it has none. */
  lastVisit: string | null;
  /** The first scheduled appointment after now. */
  nextApt: string | null;
  /** The first completed visit: its day in the practice's zone and when it was booked. */
  firstVisit: { date: string; bookedAt: string } | null;
}

const byStart = (a: KeptAppointment, b: KeptAppointment) => a.startsAt.localeCompare(b.startsAt);

export function patientVisits(
  member: { Status: Status; LastVisit: string | null },
  appointments: readonly KeptAppointment[],
  { now, zone }: { now: string; zone: string },
): PatientVisits {
  const complete = appointments.filter((a) => a.status === "Complete").sort(byStart);
  const ahead = appointments.filter((a) => a.status === "Scheduled" && a.startsAt > now).sort(byStart);
  const dayOf = (appointment: KeptAppointment) => localTimeOf(Date.parse(appointment.startsAt), zone).date;
  const [first, last] = [complete[0], complete.at(-1)];
  return {
    status: statusFromAppointments(member.Status, { hasComplete: complete.length > 0, hasFutureScheduled: ahead.length > 0 }),
    lastVisit: last ? dayOf(last) : member.LastVisit,
    nextApt: ahead[0]?.startsAt ?? null,
    firstVisit: first ? { date: dayOf(first), bookedAt: first.bookedAt } : null,
  };
}

/** Where a first visit came from, by the member's result when it was booked. */
export const firstVisitOrigin = (resultAtBooking: string) => (resultAtBooking === APPOINTMENT_MADE ? CALL_CENTER_ORIGIN : PRACTICE_ORIGIN);
