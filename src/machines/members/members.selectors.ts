import type { SnapshotFrom } from "xstate";
import type { membersMachine } from "./members.machine";

/** The parts of the members list, each a running actor that lives as long as the list does. */
export const selectParts = (snapshot: SnapshotFrom<typeof membersMachine>) => snapshot.context;
