// What agents write after a call, in their shorthand: the note fits the result of the same call.
import type { Faker } from "@faker-js/faker";
import type { MemberResult } from "./records.ts";

interface NoteContext {
  faker: Faker;
  /** When the call was made. */
  at: Date;
  /** The member's first name (the caller speaks with a parent or guardian). */
  child: string;
}

const DAY_MS = 86_400_000;

function appointmentAfter({ faker, at }: NoteContext): string {
  const day = new Date(at.getTime() + faker.number.int({ min: 2, max: 21 }) * DAY_MS);
  const hour = faker.helpers.arrayElement(["8:30 AM", "9:15 AM", "10:00 AM", "11:30 AM", "1:45 PM", "3:00 PM", "4:15 PM"]);
  return `${day.getUTCMonth() + 1}/${day.getUTCDate()} at ${hour}`;
}

const guardian = (faker: Faker) => faker.helpers.arrayElement(["mom", "dad", "grandma", "guardian", "aunt"]);

type Template = (context: NoteContext) => string;

const BY_RESULT: Partial<Record<MemberResult, Template[]>> = {
  "Appointment Made": [
    (c) => `Scheduled recall exam + cleaning for ${appointmentAfter(c)}.`,
    (c) => `Spoke with ${guardian(c.faker)}, booked ${c.child} for ${appointmentAfter(c)}. Reminded to bring Medicaid card.`,
    (c) => `Appt made ${appointmentAfter(c)}, sealants discussed with ${guardian(c.faker)}.`,
  ],
  "Contact Made Call Back": [
    (c) => `Spoke with ${guardian(c.faker)}, asked to call back after ${c.faker.number.int({ min: 3, max: 6 })} pm.`,
    (c) => `${guardian(c.faker)} at work, call back ${c.faker.helpers.arrayElement(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"])} afternoon.`,
    () => "Parent driving, wants a call back next week to schedule.",
  ],
  "Contact Made Not Interested": [
    () => "Parent declined, child is seen by the school dental program.",
    () => "Not interested at this time, will call us when ready.",
  ],
  "CM-DNC- Other Dentist": [(c) => `${guardian(c.faker)} says they go to another dentist now. Asked to be removed from list.`],
  "DNC- Other Dentist": [() => "Family has a dentist elsewhere (per payer update). Do not call."],
  "CM-DNC- Moved": [(c) => `Family moved to ${c.faker.location.city()}, out of area.`],
  "DNC- Moved": [() => "Returned mail + disconnected number, family moved. Do not call."],
  "Left message": [
    () => "LVM with office number and recall info.",
    (c) => `Left message for ${guardian(c.faker)}, ${c.faker.helpers.arrayElement(["2nd", "3rd"])} attempt.`,
  ],
  "No answer": [() => "No answer, voicemail not set up.", () => "Rang out, tried twice."],
  "Phone number issues": [
    () => "Number disconnected, no alternate on file.",
    (c) => `Wrong number, reached ${c.faker.person.firstName()} who does not know the patient.`,
  ],
  Broken: [(c) => `Missed appt, no call. ${guardian(c.faker)} wants to reschedule later.`],
  "Broken-Tx": [() => "Broke tx appt (fillings). Explained importance of finishing treatment."],
  "Excessive Broken": [() => "3rd broken appt this year, flagged for office manager."],
  "DNC-Notes": [(c) => `${guardian(c.faker)} asked not to be called again.`],
  Transfer: [() => "Transferred to front desk to schedule ortho consult."],
  Reschedule: [(c) => `Rescheduled per ${guardian(c.faker)}'s request to ${appointmentAfter(c)}.`],
  Confirm: [(c) => `Confirmed appt for ${appointmentAfter(c)}.`],
};

/** A note an agent would write after a call with that result. */
export function noteAfterCall(result: MemberResult, context: NoteContext): string {
  const templates = BY_RESULT[result] ?? [() => "Called, see result."];
  const text = context.faker.helpers.arrayElement(templates)(context);
  return text.charAt(0).toUpperCase() + text.slice(1);
}
