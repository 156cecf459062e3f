// What the practice's schedule says of a member for the work queue (the appointments feed): a
// Scheduled appointment ahead keeps the queue from serving it ("Appointment booked at the
// practice"), and a member served shows in "Why this member?" that none is booked and how its latest
// appointment went. Both backends read a member's appointments through these.
import type { AppointmentStatus } from "../feeds/records.ts";

export interface ScheduledAppointment {
  status: AppointmentStatus;
  /** ISO instant. */
  startsAt: string;
}

/** A Scheduled appointment after `now`: the practice booked the member. */
export const hasAppointmentAhead = (appointments: readonly ScheduledAppointment[], now: number) =>
  appointments.some((appointment) => appointment.status === "Scheduled" && Date.parse(appointment.startsAt) > now);

/** "Why this member?": the member's latest appointment at the practice (by its time), null when the practice has none on record. */
export function latestAppointment(appointments: readonly ScheduledAppointment[]): ScheduledAppointment | null {
  let latest: ScheduledAppointment | null = null;
  for (const appointment of appointments) {
    if (!latest || Date.parse(appointment.startsAt) > Date.parse(latest.startsAt)) latest = appointment;
  }
  return latest && { status: latest.status, startsAt: new Date(latest.startsAt).toISOString() };
}
