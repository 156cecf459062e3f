// What a saved result does to the work queue. In the save's own transaction (the member's row
// locked by it): the member's queue state is marked stale, with the phone a Phone number issues
// result was saved against, in the save's one write statement; and a do-not-call result cancels
// the member's open callback, any other attempt closes it (both kept in its history). Right after
// the commit (server/queue/stateFollower.ts) the member's attempts, cooldown and what holds it
// back are worked out again, and open lists hear of it (`callback` and `queue` events).
import { sql, type Transaction } from "kysely";
import type { Database } from "../db/database.ts";
import type { components } from "../../contract/schema.d.ts";
import type { Services } from "../services.ts";
import { isAttempt, isDoNotCall } from "../../domain/queue/results.ts";
import { PHONE_ISSUES } from "../../domain/queue/rules.ts";
import { callbackEvent, queueEvent, type LiveEvent } from "../../domain/team/events.ts";
import { agentChanged, sendAfterCommit, type AgentChanged } from "../events/events.repository.ts";
import { callbackById, endCallback, toCallback } from "./callbacks.repository.ts";
import { followQueueState } from "./stateFollower.ts";
import { settingOf } from "./setting.ts";

type Schemas = components["schemas"];

/** The part of the save's write statement that marks the member's queue state stale (a common table expression). */
export const markedStale = (memberId: number, result: string) => sql`
  update queue_state set stale = true,
    issue_phone = case when ${result}::text = ${PHONE_ISSUES} then (select phone from members where id = ${memberId}) end
  where member_id = ${memberId}`;

/** The member's open callback's id, read in the save's write statement. */
export const openCallbackId = (memberId: number) => sql`(select id from callbacks where member_id = ${memberId} and status = 'open')`;

/** How a saved result ends the member's open callback, if it does. */
export type CallbackEnd = { callbackId: number; end: "closed" | "cancelled" };

/** Ends the member's open callback as the result says (in the save's transaction). */
export async function endByResult(trx: Transaction<Database>, callbackId: number | null, result: string, userId: number, at: Date): Promise<CallbackEnd | undefined> {
  if (callbackId === null) return undefined;
  const end = isDoNotCall(result) ? "cancelled" : isAttempt(result) ? "closed" : undefined;
  if (!end) return undefined;
  await endCallback(trx, callbackId, end, userId, at);
  return { callbackId, end };
}

export interface SavedResult {
  memberId: number;
  result: string;
  at: Date;
  /** Who saved (the `doNotCall` of the event names them). */
  savedBy: Schemas["PersonName"];
  ended: CallbackEnd | undefined;
  /** The save's own events (its member's, its claim's, the saver's board row), sent first. */
  notices: (LiveEvent | AgentChanged)[];
}

/** After the save's commit: the member's queue state worked out again, then the save's events with its `callback` and `queue` events. */
export async function followSavedResult(services: Services, saved: SavedResult): Promise<void> {
  const { memberId, result, at, savedBy, ended } = saved;
  const state = await followQueueState(services, [memberId]).then(
    (states) => states.get(memberId),
    // The save's own events are sent even so (its queue state stays stale until Next works it out).
    async (error: unknown) => {
      await sendAfterCommit(services.db, ...saved.notices);
      throw error;
    },
  );
  const notices = [...saved.notices];
  if (ended) {
    const row = await callbackById(services.db, ended.callbackId, settingOf(services).groupZone);
    if (row) {
      const callback = toCallback(row);
      notices.push(callbackEvent(ended.end, callback), ...(callback.owner ? [agentChanged(callback.owner.id)] : []));
    }
  }
  const doNotCall = isDoNotCall(result) ? { Result: result as Schemas["MemberResult"], savedAt: at.toISOString(), savedBy } : null;
  if (state) notices.push(queueEvent(memberId, state.attempts, doNotCall));
  await sendAfterCommit(services.db, ...notices);
}
