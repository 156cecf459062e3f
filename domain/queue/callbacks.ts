// Callbacks (openapi.yaml bookCallback): one open callback per member, booked inside the calling
// window of the member's local time, in the future and not too far ahead; its owner's until it is
// due plus the grace period, then anyone's, and anyone's at once when its owner's access ends (a
// promise never waits for someone who cannot sign in). Both backends check a booking with these rules.
import type { components } from "../../contract/schema";
import { errorBody, invalidRequest, type HttpError } from "../../contract/errors.ts";
import { isInCallingWindow, windowText } from "./callingWindow.ts";
import type { QueueRules } from "./rules.ts";

type Schemas = components["schemas"];
const DAY_MS = 86_400_000;

/** The longest a callback's note may be (openapi.yaml BookCallbackRequest). */
export const CALLBACK_NOTE_MAX = 500;

/** The problems of a due time, each naming `dueAt`: none when the callback may be booked for then. */
export function dueAtProblems(dueAt: number, now: number, timeZone: string, rules: QueueRules): HttpError | undefined {
  const problem = (message: string) => invalidRequest([{ field: "dueAt", message }]);
  if (dueAt <= now) return problem("must be in the future");
  if (dueAt > now + rules.callbackMaxDaysAhead * DAY_MS) return problem(`must be within ${rules.callbackMaxDaysAhead} days`);
  if (!isInCallingWindow(dueAt, timeZone, rules.callingWindow)) {
    return problem(`must be inside the calling window (${windowText(rules.callingWindow)} in the member's time zone, ${timeZone})`);
  }
  return undefined;
}

/** Until when only the owner is served the callback: its due time plus the grace period; null for anyone's. */
export const ownerUntilOf = (dueAt: number, ownerId: number | null, rules: QueueRules): number | null =>
  ownerId === null ? null : dueAt + rules.callbackGraceMs;

/** The 400 of an owner who already holds the most open callbacks an agent may. */
export function tooManyCallbacks(field: string, rules: QueueRules): HttpError {
  return invalidRequest([{ field, message: `already holds ${rules.maxOpenCallbacks} open callbacks, the most an agent may` }]);
}

/** The 400 of a booking for a member who asked not to be called. */
export function doNotCallMember(result: string): HttpError {
  return invalidRequest([{ field: "memberId", message: `asked not to be called (${result})` }]);
}

/**
 * What a booking that saw `seenVersion` of the member's open callback (0: none; undefined: it does
 * not say) does: `book` a first one, `move` the open one, or nothing (`stale`: another booking or
 * move landed since).
 */
export function judgeBooking(seenVersion: number | undefined, openVersion: number | undefined): "book" | "move" | "stale" {
  if (seenVersion !== undefined && seenVersion !== (openVersion ?? 0)) return "stale";
  return openVersion === undefined ? "book" : "move";
}

export const STALE_CALLBACK = "This member's callback was booked or moved by someone else since you saw it.";

/** The 409 of a stale booking: the contract's Error and the open callback now. */
export function callbackConflict(current: Schemas["Callback"] | null): Schemas["CallbackConflict"] {
  return { ...errorBody(409, STALE_CALLBACK), current };
}

export const NOT_YOURS_TO_MOVE =
  "This callback is still its owner's, until it is due plus the grace period: only they may move it, and an administrator may reassign it on the Callbacks page.";

/**
 * Who may book over a member's open callback (move it, and with it become its owner): its owner,
 * and anyone once it is anyone's (booked for anyone, or its owner's time, due plus the grace, is
 * over). Administrators give someone's callback to another agent by reassigning it, not by booking.
 */
export function mayMove(open: { ownerId: number | null; ownerUntil: number | null }, callerId: number, now: number): boolean {
  return open.ownerId === null || open.ownerId === callerId || open.ownerUntil === null || now >= open.ownerUntil;
}

export const NO_OPEN_CALLBACK = "There is no open callback with this id.";
export const NOT_YOUR_CALLBACK = "Only its owner or an administrator may cancel this callback.";

/** Who may cancel an open callback: its owner, anyone when it is anyone's, and administrators. */
export const mayCancel = (ownerId: number | null, caller: { id: number; isAdmin: boolean }): boolean =>
  caller.isAdmin || ownerId === null || ownerId === caller.id;
