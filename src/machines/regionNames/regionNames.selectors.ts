import type { SnapshotFrom } from "xstate";
import type { regionNamesMachine } from "./regionNames.machine";

export const selectRegionNames = (s: SnapshotFrom<typeof regionNamesMachine>) => s.context.regions;

/** The regions as the menu shows them: null until the first read has ended (their entries keep their places meanwhile). */
export const selectMenuRegions = (s: SnapshotFrom<typeof regionNamesMachine>) => (s.context.read ? s.context.regions : null);
