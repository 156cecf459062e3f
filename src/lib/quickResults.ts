// The results an agent records most often, in the order the number keys 1–9 choose them on the
// members list's keyboard work mode. Fixed rather than learnt from use: a key that kept changing
// meaning would save the wrong result under a practised hand.
import type { components } from "../../contract/schema";

type ResultOption = components["schemas"]["ResultOption"];

export const QUICK_RESULTS = [
  "No answer",
  "Left message",
  "Appointment Made",
  "Contact Made Call Back",
  "Contact Made Not Interested",
  "Phone number issues",
  "Reschedule",
  "Confirm",
  "Transfer",
] as const satisfies readonly ResultOption[];

/** The result the digit key chooses ("1" is the first), or undefined for any other key. */
export function quickResultOf(key: string): ResultOption | undefined {
  if (!/^[1-9]$/.test(key)) return undefined;
  return QUICK_RESULTS[Number(key) - 1];
}
