// The value lists of the specification (§4) and the words of the practice group, as the screens and
// both backends enumerate them. Each list is checked against the contract's enum, so the two cannot
// drift apart.
import type { components } from "../contract/schema";

type Schemas = components["schemas"];

/** Lists every member of a union exactly once (a missing or extra value is a type error). */
const allOf =
  <T extends string>() =>
  <const L extends readonly T[]>(list: L & ([T] extends [L[number]] ? unknown : "a value is missing")) =>
    list;

/** §4 Member status values. */
export const MEMBER_STATUSES = allOf<Schemas["MemberStatus"]>()([
  "Dropped Patient",
  "Recare Future Appointment",
  "Recare No Future Appointment",
  "New Patient",
  "New Patient With Apt",
  "Duplicate SubID",
]);

/** §4 Member result option list; Blank (no result) is the empty string on the wire. */
export const RESULT_OPTIONS = allOf<Schemas["ResultOption"]>()([
  "Appointment Made",
  "Contact Made Call Back",
  "Contact Made Not Interested",
  "CM-DNC- Other Dentist",
  "CM-DNC- Moved",
  "Left message",
  "Broken",
  "Broken-Tx",
  "No answer",
  "Phone number issues",
  "Excessive Broken",
  "DNC- Other Dentist",
  "DNC- Moved",
  "DNC-Notes",
  "Transfer",
  "Reschedule",
  "Confirm",
]);
export const BLANK_RESULT = "";

/** §4 Companies (brands), lower case on the wire and shown upper case. */
export const BRANDS = allOf<Schemas["Brand"]>()(["denta", "mcna", "uhc", "tmhp"]);

/**
 * The managed-care organisations (MCO) as the payers' eligibility lists write them, by payer
 * (docs/architecture.md: "MCO is the member's managed-care organisation as written on that list"). No call lists
 * them: the filters offer these, and the demo world's members carry them.
 */
export const MCO_BY_BRAND: Record<Schemas["Brand"], readonly string[]> = {
  denta: ["DentaQuest Medicaid", "DentaQuest CHIP"],
  mcna: ["MCNA Dental Medicaid", "MCNA Dental CHIP"],
  uhc: ["UnitedHealthcare Dental Medicaid", "UnitedHealthcare Dental CHIP"],
  tmhp: ["TMHP Fee-for-Service"],
};

type Result = Schemas["MemberResult"];

/** openapi.yaml getContactDataReport: the results that say a person was reached. */
export const CONTACTED_RESULTS = [
  "Appointment Made",
  "Contact Made Call Back",
  "Contact Made Not Interested",
  "CM-DNC- Other Dentist",
  "CM-DNC- Moved",
  "Transfer",
  "Reschedule",
  "Confirm",
] as const satisfies readonly Result[];

/** The result that sets an appointment (the contact data report's appointments by hour). */
export const APPOINTMENT_MADE = "Appointment Made" satisfies Result;

/**
 * openapi.yaml, Dates: the practice group's time zone. "Today", "this week" (Monday to Sunday)
 * and "this month" of every report are days in this zone (the server may be configured to another).
 */
export const PRACTICE_TIME_ZONE = "America/Chicago";
