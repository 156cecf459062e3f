// The rules of staff administration that the server, the fake backend and `npm run user` follow:
// e-mails are one account each, compared without regard to case; names are kept trimmed; and no
// change may leave the call center without an enabled administrator, who alone can add staff from
// the app (the first one comes from `npm run user -- add … --admin`).
import { compareText } from "../order.ts";

/** An e-mail as accounts are compared (the users table's unique index is on lower(email)). */
export const emailKey = (email: string) => email.trim().toLowerCase();

/** Something that reads as one e-mail address (the contract's `format: email` is the API's check). */
export const looksLikeEmail = (text: string) => /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>"]+$/.test(text.trim());

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
