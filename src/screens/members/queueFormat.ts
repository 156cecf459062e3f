// How the work queue's answers read on the members screen: the reasons nobody can be called, why a
// member was served, and the do-not-call banner (display only; the rules are the server's).
import type { components } from "../../../contract/schema";
import type { QueueCounts, WhyThisMember } from "../../machines/members/queue/queue.machine";
import { formatDateTime } from "./memberFormat";

type Schemas = components["schemas"];
type Person = Schemas["PersonName"];

/** The reasons of `ReasonCounts`, in its order, as an agent reads them. */
export const REASON_LABELS: Record<keyof QueueCounts["notEligible"], string> = {
  doNotCall: "Do not call",
  appointmentMade: "Appointment made",
  droppedOrDuplicate: "Dropped patient or duplicate SubID",
  futureAppointment: "Appointment booked at the practice",
  noDialablePhone: "No dialable phone",
  attemptsExhausted: "Six attempts made",
  callbackNotDue: "Callback not due yet",
  claimed: "Someone is working them",
  attemptedToday: "Already tried today",
  coolingDown: "Resting after the last call",
  outsideCallingWindow: "Outside their calling hours",
};

/** The reasons that hold anyone back, with how many each holds. */
export const heldBack = (counts: QueueCounts) =>
  (Object.keys(REASON_LABELS) as (keyof typeof REASON_LABELS)[])
    .filter((reason) => counts.notEligible[reason] > 0)
    .map((reason) => ({ reason, label: REASON_LABELS[reason], count: counts.notEligible[reason] }));

const personName = (person: Person) => `${person.firstname} ${person.lastname}`;

/** The local calendar day, as the app writes dates (MM/DD/YYYY). */
const dayFormat = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "2-digit", day: "2-digit" });
export const formatDay = (value: string) => dayFormat.format(new Date(value));

/** "Do not call: DNC- Moved, saved by Priya Natarajan on 11/03/2026". */
export const doNotCallText = (dnc: Schemas["DoNotCall"]) => `Do not call: ${dnc.Result}, saved by ${personName(dnc.savedBy)} on ${formatDay(dnc.savedAt)}`;

const GROUP_TEXT: Record<WhyThisMember["group"], string> = {
  yourCallback: "Your callback is due",
  overdueCallback: "Overdue callback",
  queue: "Next in the queue",
};

/** An instant in the member's own zone, where a callback's time was chosen: "11/27/2026, 10:11 AM CST". */
const inZone = (value: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-US", { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", timeZone, timeZoneName: "short" }).format(new Date(value));

const APPOINTMENT_TEXT: Record<NonNullable<WhyThisMember["appointment"]>["status"], string> = {
  Scheduled: "was scheduled",
  Complete: "was completed",
  Broken: "was broken or missed",
  Unscheduled: "was unscheduled",
  Planned: "is planned, not booked",
};

/** What the practice's schedule says: nothing is booked ahead (or the queue would not serve the member), and how the latest appointment went. */
function appointmentText(appointment: WhyThisMember["appointment"]): string {
  if (!appointment) return "None booked at the practice; none on record";
  return `None booked at the practice; the last, on ${formatDateTime(appointment.startsAt)}, ${APPOINTMENT_TEXT[appointment.status]}`;
}

/** The lines of "Why this member?": what put the member first. */
export function whyLines(why: WhyThisMember): { term: string; text: string }[] {
  const callback = why.callback;
  const days = why.daysPastRecareDue;
  return [
    { term: "Served as", text: GROUP_TEXT[why.group] },
    {
      term: "Callback",
      text: callback
        ? `Due ${inZone(callback.dueAt, callback.timeZone)} (their time), booked by ${personName(callback.bookedBy)}${callback.note ? `: ${callback.note}` : ""}`
        : "None",
    },
    { term: "Priority", text: why.priority ?? "None" },
    {
      term: "Recare",
      text: days === null ? "No last visit" : days >= 0 ? `${days} ${days === 1 ? "day" : "days"} past due` : `Due in ${-days} ${days === -1 ? "day" : "days"}`,
    },
    { term: "Appointment", text: appointmentText(why.appointment) },
    { term: "Attempts", text: String(why.attempts) },
    {
      term: "Last result",
      text: why.lastResult
        ? `${why.lastResult.Result || "Blank"}, saved by ${personName(why.lastResult.savedBy)} on ${formatDateTime(why.lastResult.savedAt)}`
        : "None yet",
    },
  ];
}
