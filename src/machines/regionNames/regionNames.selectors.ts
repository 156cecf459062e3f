import type { SnapshotFrom } from "xstate";
import type { regionNamesMachine } from "./regionNames.machine";

export const selectRegionNames = (s: SnapshotFrom<typeof regionNamesMachine>) => s.context.regions;
