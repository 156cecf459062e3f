import type { SnapshotFrom } from "xstate";
import { MEMBER_STATUSES } from "../../../domain/vocabulary.ts";
import { ALL_STATUSES, type StatusDefault, type setDefaultMachine } from "./setDefault.machine";

type SetDefaultSnapshot = SnapshotFrom<typeof setDefaultMachine>;

export const selectLoading = (s: SetDefaultSnapshot) => s.matches("loading");
export const selectLoadFailed = (s: SetDefaultSnapshot) => s.matches("loadFailed");
export const selectEmpty = (s: SetDefaultSnapshot) => s.matches("empty");
/** The form is shown while choosing, while saving, and once saved until the page reloads. */
export const selectFormShown = (s: SetDefaultSnapshot) => s.matches("ready") || s.matches("saving") || s.matches("reloading");
export const selectFormLocked = (s: SetDefaultSnapshot) => !s.matches("ready");
export const selectSaving = (s: SetDefaultSnapshot) => s.matches("saving");
export const selectReloading = (s: SetDefaultSnapshot) => s.matches("reloading");
export const selectCanSave = (s: SetDefaultSnapshot) => s.can({ type: "setDefault.save" });
export const selectFailure = (s: SetDefaultSnapshot) => s.context.failure;
export const selectStatus = (s: SetDefaultSnapshot) => s.context.status;
export const selectPractices = (s: SetDefaultSnapshot) => s.context.practices;
export const selectPracticeIds = (s: SetDefaultSnapshot) => s.context.practiceIds;

/** The status choices: All first, then the member statuses of §4. */
export const STATUS_OPTIONS: readonly { value: StatusDefault; label: string }[] = [
  { value: ALL_STATUSES, label: "All" },
  ...MEMBER_STATUSES.map((status) => ({ value: status, label: status })),
];

/** What the practice choice means, in words (none chosen means every practice). */
export const selectPracticeSummary = (s: SetDefaultSnapshot) => {
  const count = s.context.practiceIds.length;
  if (count === 0) return "None chosen: the members list shows all practices.";
  return `${count} of ${s.context.practices.length} chosen.`;
};
