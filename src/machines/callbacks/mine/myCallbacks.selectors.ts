import type { SnapshotFrom } from "xstate";
import type { myCallbacksMachine } from "./myCallbacks.machine";

type Snapshot = SnapshotFrom<typeof myCallbacksMachine>;

export const selectMyCallbackCount = (snapshot: Snapshot) => snapshot.context.callbacks.length;
export const selectPanelOpen = (snapshot: Snapshot) => snapshot.matches({ panel: "open" });
export const selectMyCallbacksStatus = (snapshot: Snapshot): "loading" | "ready" | "failed" =>
  snapshot.matches({ data: "failed" }) ? "failed" : snapshot.matches({ data: "ready" }) ? "ready" : "loading";
export const selectMyCallbacksFailure = (snapshot: Snapshot) => snapshot.context.failure;

/** The agent's callbacks, due first, each with whether it is due by now. */
export const selectMyCallbacks = (snapshot: Snapshot) => snapshot.context.callbacks;
export const selectDueIds = (snapshot: Snapshot): ReadonlySet<number> => {
  const { callbacks, now } = snapshot.context;
  return new Set(callbacks.filter((item) => Date.parse(item.dueAt) <= now).map((item) => item.id));
};
export const selectDueCount = (snapshot: Snapshot) => selectDueIds(snapshot).size;
