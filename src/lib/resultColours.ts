// §4 Row colours of the members list: Appointment Made green, Contact Made Call Back yellow, Left
// Message and No Answer light blue, Phone number issues / Do Not Contact / Other light grey,
// DUPLICATE RECORD orange, Need Review. As docs/architecture.md reads them: names match case-insensitively,
// "Do Not Contact" covers the DNC results, "Other" any result without a colour of its own,
// DUPLICATE RECORD the status Duplicate SubID, and Need Review gets a colour of its own. Decided
// here: Need Review covers the broken-appointment results (Broken, Broken-Tx, Excessive Broken)
// and Reschedule, which a supervisor reviews before the member is called again.
export type RowTone = "appointment" | "callBack" | "noContact" | "phoneIssue" | "doNotContact" | "other" | "duplicate" | "review";

export interface RowColour {
  tone: RowTone;
  /** The words that say what the colour says (colour is never the only signal). */
  label: string;
}

/** The legend, in the specification's order. */
export const ROW_COLOURS: readonly RowColour[] = [
  { tone: "appointment", label: "Appointment Made" },
  { tone: "callBack", label: "Contact Made Call Back" },
  { tone: "noContact", label: "Left Message / No Answer" },
  { tone: "phoneIssue", label: "Phone number issues" },
  { tone: "doNotContact", label: "Do Not Contact" },
  { tone: "other", label: "Other" },
  { tone: "duplicate", label: "DUPLICATE RECORD" },
  { tone: "review", label: "Need Review" },
];

const byTone = Object.fromEntries(ROW_COLOURS.map((colour) => [colour.tone, colour])) as Record<RowTone, RowColour>;

const REVIEW_RESULTS = new Set(["broken", "broken-tx", "excessive broken", "reschedule", "need review"]);

/** The colour of a member's row, or null for a Blank result (no colour). */
export function rowColour(result: string, status: string): RowColour | null {
  if (status.toLowerCase() === "duplicate subid" || result.toLowerCase() === "duplicate record") return byTone.duplicate;
  const name = result.trim().toLowerCase();
  if (name === "") return null;
  if (name === "appointment made") return byTone.appointment;
  if (name === "contact made call back") return byTone.callBack;
  if (name === "left message" || name === "no answer") return byTone.noContact;
  if (name === "phone number issues") return byTone.phoneIssue;
  if (name.startsWith("dnc") || name.startsWith("cm-dnc") || name === "do not contact") return byTone.doNotContact;
  if (REVIEW_RESULTS.has(name)) return byTone.review;
  return byTone.other;
}
