// The rules of staff administration that the server, the fake backend and `npm run user` follow:
// e-mails are one account each, compared without regard to case; names are kept trimmed; and no
// change may leave the call center without an enabled administrator, who alone can add staff from
// the app (the first one comes from `npm run user -- add … --admin`). Names and e-mails hold no
// control characters: an ESC in a name ran escape sequences on the terminal of whoever listed the
// staff (`npm run user -- list`), and a bidirectional override showed it reversed in every list.
import type { FieldProblem } from "../../contract/errors.ts";
import { compareText } from "../order.ts";

/** An e-mail as accounts are compared (the users table's unique index is on lower(email)). */
export const emailKey = (email: string) => email.trim().toLowerCase();

/** Something that reads as one e-mail address (the contract's `format: email` is the API's check). */
export const looksLikeEmail = (text: string) => /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>"]+$/.test(text.trim());

/** Control characters (C0, DEL, C1) and the bidirectional controls (overrides, embeddings, isolates, marks). */
const CONTROL_CHARACTER = /[\p{Cc}\p{Bidi_Control}]/u;
const CONTROL_CHARACTERS = /[\p{Cc}\p{Bidi_Control}]/gu;

export const CONTROL_CHARACTER_DETAIL = "must not contain control characters (such as ESC or a bidirectional override)";

export const hasControlCharacter = (text: string) => CONTROL_CHARACTER.test(text);

/** The fields of an account's text that hold a control character, each named as the contract names it. */
export function controlCharacterProblems(fields: { email: string; firstname: string; lastname: string }): FieldProblem[] {
  return (["email", "firstname", "lastname"] as const).filter((field) => hasControlCharacter(fields[field])).map((field) => ({ field, message: CONTROL_CHARACTER_DETAIL }));
}

/** Text for a terminal: each control character written as its escape (`\u001b`), never sent raw. */
export const escapeControlCharacters = (text: string) =>
  text.replace(CONTROL_CHARACTERS, (character) => `\\u${character.codePointAt(0)!.toString(16).padStart(4, "0")}`);

/** A name or e-mail as it is kept. */
export const cleanText = (text: string) => text.trim();

export const emailTaken = (email: string) => `There is already a staff member with the e-mail ${cleanText(email)}`;
export const EMAIL_TAKEN_DETAIL = "is the e-mail of another staff member";
export const LAST_ADMINISTRATOR =
  "This is the last enabled administrator: make another staff member an administrator first, so that someone can still manage the staff";
export const LAST_ADMINISTRATOR_DETAIL = "would leave no enabled administrator";
export const NO_SUCH_STAFF = "No such staff member";

/** What the administrator rule looks at of an account. */
export interface AdminStanding {
  id: number;
  isAdmin: boolean;
  disabled: boolean;
}

/**
 * Whether an enabled administrator is left once `changed` replaces the account with its id among
 * `staff` (the enabled administrators, and the account changed).
 */
export function keepsAnAdministrator(staff: readonly AdminStanding[], changed: AdminStanding): boolean {
  const after = [...staff.filter((member) => member.id !== changed.id), changed];
  return after.some((member) => member.isAdmin && !member.disabled);
}

/** The staff list's order: last name, first name, e-mail, by code point, ties by id. */
export function compareStaff(
  a: { lastname: string; firstname: string; email: string; id: number },
  b: { lastname: string; firstname: string; email: string; id: number },
): number {
  return compareText(a.lastname, b.lastname) || compareText(a.firstname, b.firstname) || compareText(a.email, b.email) || a.id - b.id;
}
