import type { SnapshotFrom } from "xstate";
import type { membersMachine } from "./members.machine";
import type { membersListMachine } from "./list/list.machine";
import { selectStatus, type ListStatus } from "./list/list.selectors";
import type { resultSaveMachine } from "./save/resultSave.machine";

/** The parts of the members list, each a running actor that lives as long as the list does. */
export const selectParts = (snapshot: SnapshotFrom<typeof membersMachine>) => snapshot.context;

export type MembersStatus = ListStatus | "confirming" | "saving";

/** What the list is doing as the agent sees it: a save asked about or written, else the list's own state. */
export function membersStatus(list: SnapshotFrom<typeof membersListMachine>, save: SnapshotFrom<typeof resultSaveMachine>): MembersStatus {
  if (save.matches("saving")) return "saving";
  if (save.matches("confirming")) return "confirming";
  return selectStatus(list);
}
