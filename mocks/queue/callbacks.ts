// Callbacks of the fake backend: their changes kept for the member's history, each published as
// the server publishes it, and the member's place in the queue worked out again.
import type { CallbackChangeRecord, CallbackRecord, MemberRecord, ResultRecord } from "../../demo/records.ts";
import { isAttempt, isDoNotCall } from "../../domain/queue/results.ts";
import { callbackEvent, queueEvent } from "../../domain/team/events.ts";
import { agentChanged } from "../board/board";
import { nextId, type MockDb } from "../db/createMockDb";
import { latestResultOf, toCallbackAnswer } from "./answers";

type Change = CallbackChangeRecord["change"];

export function noteChange(db: MockDb, callback: CallbackRecord, userId: number, change: Change, at: string): void {
  db.callbackChanges.push({ id: nextId(db.callbackChanges), callbackId: callback.id, memberId: callback.memberId, userId, change, dueAt: callback.dueAt, at });
  db.queue.changed(callback.memberId);
}

/** Publishes the callback as it is now; its owner's live board row counts it. */
export function publishCallback(db: MockDb, callback: CallbackRecord, change: Change | "due"): void {
  db.events.publish(callbackEvent(change, toCallbackAnswer(db, callback)));
  if (callback.ownerId !== null) agentChanged(db, callback.ownerId);
}

/** Ends an open callback: `closed` by a later result, `cancelled` by a do-not-call result or by hand. */
export function endCallback(db: MockDb, callback: CallbackRecord, end: "closed" | "cancelled", userId: number): void {
  callback.status = end;
  noteChange(db, callback, userId, end, db.now().toISOString());
  publishCallback(db, callback, end);
}

/**
 * What a saved result does to the queue: a do-not-call result cancels the member's open callback,
 * any other attempt closes it; the member's attempts and waits are worked out again; open lists
 * hear of it.
 */
export function applySavedResult(db: MockDb, member: MemberRecord, saved: ResultRecord): void {
  const open = db.queue.openCallbackOf(member.id);
  if (open && isDoNotCall(saved.Result)) endCallback(db, open, "cancelled", saved.userId);
  else if (open && isAttempt(saved.Result)) endCallback(db, open, "closed", saved.userId);
  db.queue.resultSaved(saved, member);
  const doNotCall = isDoNotCall(saved.Result) ? latestResultOf(db, member.id) : null;
  db.events.publish(queueEvent(member.id, db.queue.stateOf(member).attempts, doNotCall));
}

/** Moves an open callback's due time to now plus `fromNowMs`, its grace period with it (the contract suite's hook). */
export function moveCallbackDue(db: MockDb, callbackId: number, fromNowMs: number): void {
  const callback = db.callbacks.find((candidate) => candidate.id === callbackId && candidate.status === "open");
  if (!callback) return;
  const dueAt = db.now().getTime() + fromNowMs;
  callback.dueAt = new Date(dueAt).toISOString();
  callback.ownerUntil = callback.ownerId === null ? null : new Date(dueAt + db.queue.rules.callbackGraceMs).toISOString();
  db.queue.changed(callback.memberId);
  db.queue.forgetDue(callback.id);
}
