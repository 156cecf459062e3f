// What the queue reads in a member's result and phone (the specification's option list, §4).
import type { components } from "../../contract/schema";
import { BLANK_RESULT } from "../vocabulary.ts";

type MemberResult = components["schemas"]["MemberResult"];

/** The results by which a member asked not to be called: the queue never serves it while one stands. */
export const DO_NOT_CALL_RESULTS = [
  "CM-DNC- Other Dentist",
  "CM-DNC- Moved",
  "DNC- Other Dentist",
  "DNC- Moved",
  "DNC-Notes",
] as const satisfies readonly MemberResult[];

export const isDoNotCall = (result: string): boolean => (DO_NOT_CALL_RESULTS as readonly string[]).includes(result);

/** A saved result other than Blank is a call attempt (Blank clears a result; it calls no one). */
export const isAttempt = (result: string): boolean => result !== BLANK_RESULT;

/** The statuses of members the practices no longer work: dropped, or a second record of a subscriber. */
export const INACTIVE_STATUSES = ["Dropped Patient", "Duplicate SubID"] as const satisfies readonly components["schemas"]["MemberStatus"][];

/** A phone the softphone can dial: ten digits, whatever punctuation is around them. */
export const isDialable = (phone: string): boolean => phone.replace(/\D/g, "").length === 10;

/** The same number, however it is written. */
export const samePhone = (a: string, b: string): boolean => a.replace(/\D/g, "") === b.replace(/\D/g, "");
