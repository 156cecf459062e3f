import type { SnapshotFrom } from "xstate";
import type { resultSaveMachine } from "./resultSave.machine";

type SaveSnapshot = SnapshotFrom<typeof resultSaveMachine>;

/** The result being saved, and for whom: shown on its row until the reloaded list has it. */
export const selectSavingResult = (snapshot: SaveSnapshot) => snapshot.context.savingResult;
/** The save waiting for "Save anyway?", and who is calling the member. */
export const selectConfirming = (snapshot: SaveSnapshot) => snapshot.context.confirming;
/** Saves refused because another landed since, by member id. */
export const selectConflicts = (snapshot: SaveSnapshot) => snapshot.context.conflicts;
/** A save is being written: the list's controls wait (the save is not cancelled by a new filter). */
export const selectControlsLocked = (snapshot: SaveSnapshot) => snapshot.matches("saving");
