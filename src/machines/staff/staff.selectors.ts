import type { SnapshotFrom } from "xstate";
import { compareStaff } from "../../../domain/staff/staffRules.ts";
import type { StaffMember, staffMachine } from "./staff.machine";
import { defaultPracticeList } from "../../lib/practiceNames";

type StaffSnapshot = SnapshotFrom<typeof staffMachine>;

export const selectLoading = (s: StaffSnapshot) => s.matches("loading");
export const selectLoadFailed = (s: StaffSnapshot) => s.matches("loadFailed");
export const selectReady = (s: StaffSnapshot) => s.matches("ready");
export const selectFailure = (s: StaffSnapshot) => s.context.failure;
export const selectNotice = (s: StaffSnapshot) => s.context.notice;
export const selectSelfId = (s: StaffSnapshot) => s.context.selfId;
export const selectPractices = (s: StaffSnapshot) => s.context.practices;

/** The accounts in the list's order (a new one joins its place). */
export const selectStaff = (s: StaffSnapshot) => [...s.context.staff].sort(compareStaff);

/** The form is open while a draft is edited or saved. */
export const selectDraft = (s: StaffSnapshot) => (s.matches({ ready: "editing" }) || s.matches({ ready: "saving" }) ? s.context.draft : null);
export const selectSaving = (s: StaffSnapshot) => s.matches({ ready: "saving" });
export const selectCanSave = (s: StaffSnapshot) => s.can({ type: "staff.save" });
/** The form's failure, shown inside it; a failure in the list (disabling refused) shows above the list. */
export const selectFormFailure = (s: StaffSnapshot) => (s.context.draft ? s.context.failure : null);
export const selectListFailure = (s: StaffSnapshot) => (s.context.draft ? null : s.context.failure);

/** The account whose access the administrator is asked to end. */
export const selectDisableTarget = (s: StaffSnapshot) =>
  s.matches({ ready: "confirmingDisable" }) || s.matches({ ready: "disabling" }) ? (s.context.staff.find((row) => row.id === s.context.targetId) ?? null) : null;
export const selectDisabling = (s: StaffSnapshot) => s.matches({ ready: "disabling" });
/** An account whose access is being changed: its buttons wait. */
export const selectBusyId = (s: StaffSnapshot) => (s.matches({ ready: "browsing" }) || s.matches({ ready: "editing" }) ? null : s.context.targetId);
export const selectCanChange = (s: StaffSnapshot) => s.matches({ ready: "browsing" });

/** A member's default practices by abbreviation; none chosen means all practices ("All"). */
export const practiceList = (member: StaffMember, practices: readonly { id: number; practiceabbr: string }[]) =>
  defaultPracticeList(member.defaultLocationId, practices);
