// The value lists of the specification (§4), as the screens and the fake backend enumerate them.
// Each list is checked against the contract's enum, so the two cannot drift apart.
import type { components } from "../api/schema";

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

/** §4 Region or group options. */
export const REGIONS = allOf<Schemas["Region"]>()(["SMD", "FSD", "OTD", "3CD"]);
