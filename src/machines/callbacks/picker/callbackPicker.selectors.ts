import type { SnapshotFrom } from "xstate";
import type { callbackPickerMachine } from "./callbackPicker.machine";
import { dueAtOf } from "../callbackTime";

type Snapshot = SnapshotFrom<typeof callbackPickerMachine>;

export const selectPickerOpen = (snapshot: Snapshot) => !snapshot.matches("closed");
export const selectPickerMember = (snapshot: Snapshot) => snapshot.context.member;
export const selectBooking = (snapshot: Snapshot) => snapshot.matches("booking");
export const selectBooked = (snapshot: Snapshot) => (snapshot.matches("booked") ? snapshot.context.booked : null);
/** "booked for" a member who had none, "moved to" when the agent moved the open one. */
export const selectBookedChange = (snapshot: Snapshot) => (snapshot.context.seenVersion > 0 ? "moved to" : "booked for");
export const selectChoice = (snapshot: Snapshot) => ({ date: snapshot.context.date, time: snapshot.context.time, note: snapshot.context.note });
export const selectFieldErrors = (snapshot: Snapshot) => snapshot.context.fieldErrors;
export const selectFailure = (snapshot: Snapshot) => snapshot.context.failure;
export const selectConflict = (snapshot: Snapshot) => snapshot.context.conflict;
/** The instant the fields name now, for "Due …" beside them; null while they name none. */
export const selectChosenDueAt = (snapshot: Snapshot) => {
  const { member } = snapshot.context;
  return member ? dueAtOf(snapshot.context, member.timeZone) : null;
};
export const selectCanBook = (snapshot: Snapshot) => snapshot.can({ type: "callback.book" }) && selectChosenDueAt(snapshot) !== null;
