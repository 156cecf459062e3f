import type { SnapshotFrom } from "xstate";
import type { claimsMachine } from "./claims.machine";

type ClaimsSnapshot = SnapshotFrom<typeof claimsMachine>;

/** The member the agent is working (their claim held and renewed), or null. */
export const selectWorking = (snapshot: ClaimsSnapshot) => snapshot.context.working;
