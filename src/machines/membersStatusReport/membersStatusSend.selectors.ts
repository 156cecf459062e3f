import type { SnapshotFrom } from "xstate";
import type { membersStatusSendMachine } from "./membersStatusSend.machine";

type Snapshot = SnapshotFrom<typeof membersStatusSendMachine>;

export const selectConfirming = (snapshot: Snapshot) => snapshot.matches("confirming");
export const selectSending = (snapshot: Snapshot) => snapshot.matches("sending");
export const selectSentMessage = (snapshot: Snapshot) => snapshot.context.sentMessage;
