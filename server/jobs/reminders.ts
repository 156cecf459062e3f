// "Export appointment reminders": the next working day's appointments posted to the reminder
// service (REMINDERS_URL) as JSON, which texts or calls the patients (docs/operations.md says what
// it receives and must answer). Without REMINDERS_URL the run is skipped, saying so: it never
// claims reminders nobody sent. Sending patients' names and phones out is audited, with their ids.
import { missingIntegration } from "../../domain/jobs.ts";
import { audit } from "../audit.repository.ts";
import type { JobRunner } from "./runner.ts";
import { nextWorkingDayAppointments } from "./reminders.repository.ts";

/** How long the reminder service may take to answer. */
const TIMEOUT_MS = 30_000;
const count = (value: number) => value.toLocaleString("en-US");

export const exportReminders: JobRunner = async ({ services, now, signal }) => {
  const { reminders, reportTimeZone } = services.config;
  if (!reminders) return { status: "skipped", message: missingIntegration("export-reminders", new Set())!.skipped };
  const { day, appointments } = await nextWorkingDayAppointments(services.db, now(), reportTimeZone);
  const reachable = appointments.filter((appointment) => appointment.phone.replace(/\D/g, "").length >= 10);
  const body = { day, timeZone: reportTimeZone, appointments: reachable.map((appointment) => ({ ...appointment, at: new Date(appointment.at).toISOString() })) };
  const answer = await fetch(reminders.url, {
    method: "POST",
    headers: { "content-type": "application/json", ...(reminders.token ? { authorization: `Bearer ${reminders.token}` } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.any([signal, AbortSignal.timeout(TIMEOUT_MS)]),
  });
  await answer.body?.cancel();
  if (!answer.ok) return { status: "failure", message: `Failed: the reminder service answered ${answer.status} ${answer.statusText}; no reminders were sent for ${day}` };
  await audit(services.db, { userId: null, action: `exportReminders ${day}`, memberIds: reachable.map((a) => a.memberId), address: new URL(reminders.url).origin });
  const leftOut = appointments.length - reachable.length;
  return {
    status: "success",
    message: `Sent ${count(reachable.length)} appointments on ${day} to the reminder service` + (leftOut > 0 ? ` (${leftOut} without a phone number left out)` : ""),
  };
};
