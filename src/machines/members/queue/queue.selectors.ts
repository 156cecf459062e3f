import type { SnapshotFrom } from "xstate";
import type { queueMachine } from "./queue.machine";

type QueueSnapshot = SnapshotFrom<typeof queueMachine>;

/** Where the agent's turn is: nothing asked, asking, a member served (claimed, called, saved), nobody, failed. */
export const selectTurn = (snapshot: QueueSnapshot) => {
  const turn = snapshot.value.turn;
  return typeof turn === "string" ? turn : (Object.keys(turn)[0] as "claimed" | "calling");
};
/** Next was pressed while a served member is held: whether to let it go is asked. */
export const selectReleaseAsked = (snapshot: QueueSnapshot) =>
  snapshot.matches({ turn: { claimed: "askingRelease" } }) || snapshot.matches({ turn: { calling: "askingRelease" } });
export const selectPicking = (snapshot: QueueSnapshot) => snapshot.matches({ turn: "picking" });
/** The member served and why (kept after its result is saved, until the next). */
export const selectServed = (snapshot: QueueSnapshot) => snapshot.context.served;
/** The counts by reason when nobody is eligible under the filters. */
export const selectEmpty = (snapshot: QueueSnapshot) => snapshot.context.empty;
export const selectServedSeq = (snapshot: QueueSnapshot) => snapshot.context.servedSeq;
export const selectIsAdmin = (snapshot: QueueSnapshot) => snapshot.context.isAdmin;
/** The reset waiting to be confirmed, or null. */
export const selectResetAsked = (snapshot: QueueSnapshot) => (snapshot.matches({ reset: "confirming" }) ? snapshot.context.resetting : null);
export const selectResetting = (snapshot: QueueSnapshot) => snapshot.matches({ reset: "resetting" });
