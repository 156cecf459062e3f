import type { SnapshotFrom } from "xstate";
import type { workModeMachine } from "./workMode.machine";

type WorkModeSnapshot = SnapshotFrom<typeof workModeMachine>;

/** The current row: its member and its place on the page, or null on an empty page. */
export const selectCurrent = (snapshot: WorkModeSnapshot) => snapshot.context.current;
/** The latest request to move the page's focus (row, its result selector, or the search field). */
export const selectFocusRequest = (snapshot: WorkModeSnapshot) => snapshot.context.focus;
export const selectSheetOpen = (snapshot: WorkModeSnapshot) => snapshot.matches("sheetOpen");
/** The member of the current row as the list now has it (live changes included), or undefined. */
export const selectCurrentMember = (snapshot: WorkModeSnapshot) => {
  const { current, members } = snapshot.context;
  return current ? members[current.index] : undefined;
};
