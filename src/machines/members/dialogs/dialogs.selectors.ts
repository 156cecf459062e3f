// Readers of the dialogs machine and of its children: the notes dialog and the list dialogs
// (results history, crons).
import type { ActorRefFrom, SnapshotFrom } from "xstate";
import type { components } from "../../../../contract/schema";
import type { Member } from "../members.filters";
import type { membersDialogsMachine } from "./dialogs.machine";
import { RECORDINGS_IMPORT_JOB, type cronsMachine } from "./crons.machine";
import type { listDialogMachine } from "./listDialog.machine";
import type { notesMachine } from "./notes.machine";

type Schemas = components["schemas"];
type DialogsSnapshot = SnapshotFrom<typeof membersDialogsMachine>;
type NotesSnapshot = SnapshotFrom<typeof notesMachine>;
type ListSnapshot = SnapshotFrom<typeof listDialogMachine>;
type CronsSnapshot = SnapshotFrom<typeof cronsMachine>;

export type MembersDialog = "closed" | "notes" | "history" | "crons";
export function selectDialog(snapshot: DialogsSnapshot): MembersDialog {
  if (snapshot.matches({ open: "notes" })) return "notes";
  if (snapshot.matches({ open: "history" })) return "history";
  if (snapshot.matches({ open: "crons" })) return "crons";
  return "closed";
}
export const selectDialogMember = (snapshot: DialogsSnapshot): Member | null => snapshot.context.dialogMember;
export const selectNotesActor = (snapshot: DialogsSnapshot) => snapshot.children.notes as ActorRefFrom<typeof notesMachine> | undefined;
export const selectHistoryActor = (snapshot: DialogsSnapshot) => snapshot.children.history as ActorRefFrom<typeof listDialogMachine> | undefined;
export const selectCronsActor = (snapshot: DialogsSnapshot) => snapshot.children.crons as ActorRefFrom<typeof cronsMachine> | undefined;

export const selectNotesStatus = (snapshot: NotesSnapshot) =>
  snapshot.value as "loading" | "loadFailed" | "ready" | "confirming" | "submitting" | "conflict" | "saved";
/** Who else is calling the member ("Marcus Reed"), asked about before saving. */
export const selectNotesClaimedBy = (snapshot: NotesSnapshot) => snapshot.context.claimedBy;
/** The note someone else saved after the version the dialog opened on. */
export const selectNotesConflict = (snapshot: NotesSnapshot) => snapshot.context.conflict;
export const selectNotes = (snapshot: NotesSnapshot) => snapshot.context.notes;
export const selectDraft = (snapshot: NotesSnapshot) => snapshot.context.draft;
export const selectNotesFailure = (snapshot: NotesSnapshot) => snapshot.context.failure;
export const selectCanSubmit = (snapshot: NotesSnapshot) => snapshot.can({ type: "notes.submit" });

export const selectListStatus = (snapshot: ListSnapshot) => snapshot.value as "loading" | "ready" | "failed";
export const selectListFailure = (snapshot: ListSnapshot) => snapshot.context.failure;
export const selectResultHistory = (snapshot: ListSnapshot) => snapshot.context.items as Schemas["ResultHistoryEntry"][];
export const selectCrons = (snapshot: CronsSnapshot): Schemas["Cron"][] => snapshot.context.items;
export const selectCronsStatus = (snapshot: CronsSnapshot) => (snapshot.matches("loading") ? "loading" : snapshot.matches("failed") ? "failed" : "ready");
export const selectCronsFailure = (snapshot: CronsSnapshot) => snapshot.context.failure;
/** Whether "Run now" is offered at all (administrators), and whether this job may be run now. */
export const selectMayRunJobs = (snapshot: CronsSnapshot) => snapshot.context.isAdmin;
export const selectCanRunJob = (id: number) => (snapshot: CronsSnapshot) => snapshot.can({ type: "crons.run", id });
export const selectRunFailure = (snapshot: CronsSnapshot) => snapshot.context.runFailure;
/** The report of the recordings import run started here, once read. */
export const selectRecordingsReport = (snapshot: CronsSnapshot) => snapshot.context.recordingsRun?.report ?? null;
/** That report, for the job's own section (beside its Run now); null for every other job. */
export const selectRecordingsReportOf = (jobId: number) => (snapshot: CronsSnapshot) => (jobId === RECORDINGS_IMPORT_JOB ? selectRecordingsReport(snapshot) : null);

/**
 * The badge a job's heading carries: running (reRun other than '0'), finished once a run did its
 * work (ended as a success or a failure), none for a job that never ran or whose runs were all
 * skipped (it has never finished anything).
 */
export function cronState(cron: Schemas["Cron"]): "running" | "finished" | null {
  if (cron.reRun !== "0") return "running";
  return cron.logs.some((log) => log.status === "success" || log.status === "failure") ? "finished" : null;
}
