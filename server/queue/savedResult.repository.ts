// What a saved result does to the work queue, in the save's own transaction (the member's row
// locked by it, as every write of the queue locks it): a do-not-call result cancels the member's
// open callback, any other attempt closes it (both kept in its history); the member's attempts,
// cooldown and what holds it back are worked out again; open lists hear of it (`callback` and
// `queue` events). Three statements when the member has no callback.
import type { Transaction } from "kysely";
import type { Database } from "../db/database.ts";
import type { components } from "../../contract/schema.d.ts";
import { isAttempt, isDoNotCall } from "../../domain/queue/results.ts";
import { queueEvent } from "../../domain/team/events.ts";
import { publish } from "../events/events.repository.ts";
import { endCallback, publishCallback } from "./callbacks.repository.ts";
import { factsOf, workOut, type QueueSetting } from "./queueState.repository.ts";

type Schemas = components["schemas"];

export interface SavedResult {
  memberId: number;
  userId: number;
  result: string;
  at: Date;
}

/** The queue's rules, and who saves (the `doNotCall` of the event names them). */
export interface SaveQueue {
  setting: QueueSetting;
  savedBy: Schemas["PersonName"];
}

export async function applySavedResult(trx: Transaction<Database>, saved: SavedResult, { setting, savedBy }: SaveQueue): Promise<void> {
  const { memberId, userId, result, at } = saved;
  const [facts] = await factsOf(trx, [memberId], setting.groupZone);
  const callbackId = facts!.callback_id;
  const end = callbackId === null ? undefined : isDoNotCall(result) ? "cancelled" : isAttempt(result) ? "closed" : undefined;
  if (end) await endCallback(trx, callbackId!, end, userId, at);
  const worked = end ? { ...facts!, callback_id: null, callback_due_at: null, callback_owner: null, callback_owner_until: null } : facts!;
  const state = (await workOut(trx, [worked], setting, at, result)).get(memberId)!;
  if (end) await publishCallback(trx, callbackId!, end, setting.groupZone);
  const doNotCall = isDoNotCall(result) ? { Result: result as Schemas["MemberResult"], savedAt: at.toISOString(), savedBy } : null;
  await publish(trx, queueEvent(memberId, state.attempts, doNotCall));
}
