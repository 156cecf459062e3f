// Readers of the notes and list dialogs (child machines of the members machine).
import type { SnapshotFrom } from "xstate";
import type { components } from "../../../contract/schema";
import type { listDialogMachine } from "./listDialog.machine";
import type { notesMachine } from "./notes.machine";

type Schemas = components["schemas"];
type NotesSnapshot = SnapshotFrom<typeof notesMachine>;
type ListSnapshot = SnapshotFrom<typeof listDialogMachine>;

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
export const selectCrons = (snapshot: ListSnapshot) => snapshot.context.items as Schemas["Cron"][];
