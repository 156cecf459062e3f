// What a saved result does to the work queue, in the save's own transaction (the member's row
// locked by it): a do-not-call result cancels the member's open callback, any other attempt closes
// it (both kept in its history); the member's attempts, cooldown and what holds it back are worked
// out again; open lists hear of it (`callback` and `queue` events).
import { sql, type Transaction } from "kysely";
import type { Database } from "../db/database.ts";
import type { components } from "../../contract/schema.d.ts";
import { isAttempt, isDoNotCall } from "../../domain/queue/results.ts";
import { queueEvent } from "../../domain/team/events.ts";
import { publish } from "../events/events.repository.ts";
import { endCallback, openCallbackOf, publishCallback } from "./callbacks.repository.ts";
import { refreshMembers, type QueueSetting } from "./queueState.repository.ts";

export interface SavedResult {
  memberId: number;
  userId: number;
  result: string;
  at: Date;
}

export async function applySavedResult(trx: Transaction<Database>, saved: SavedResult, setting: QueueSetting): Promise<void> {
  const { memberId, userId, result, at } = saved;
  const open = await openCallbackOf(trx, memberId, setting.groupZone, true);
  const end = !open ? undefined : isDoNotCall(result) ? "cancelled" : isAttempt(result) ? "closed" : undefined;
  if (open && end) await endCallback(trx, open.id, end, userId, at);
  const state = (await refreshMembers(trx, [memberId], setting, at, result)).get(memberId)!;
  if (open && end) await publishCallback(trx, open.id, end, setting.groupZone);
  const { rows } = await sql<{ firstname: string; lastname: string }>`select firstname, lastname from users where id = ${userId}`.execute(trx);
  const doNotCall = isDoNotCall(result) ? { Result: result as components["schemas"]["MemberResult"], savedAt: at.toISOString(), savedBy: rows[0]! } : null;
  await publish(trx, queueEvent(memberId, state.attempts, doNotCall));
}
