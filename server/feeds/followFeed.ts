// After a batch of practice data commits, what it changed is followed as a save's change is
// (server/queue/stateFollower.ts, savedResult.repository.ts): the members' queue states worked out
// again at once, so that Next stops serving a member the practice booked now rather than at its
// next upkeep; open lists hear of the callbacks the bookings closed (a `callback` event each, and
// their owners' board rows, as when a save ends one) and of the members' new Status, last visit and
// next appointment (a `status` event each).
import type { Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import type { ServerConfig } from "../config.ts";
import { agentChanged, sendAfterCommit } from "../events/events.repository.ts";
import { callbacksByIds, toCallback } from "../queue/callbacks.repository.ts";
import { refreshMembersLocked } from "../queue/queueState.repository.ts";
import { queueSettingOf } from "../queue/setting.ts";
import { callbackEvent, statusEvent } from "../../domain/team/events.ts";
import type { AppliedBatch } from "./feedRun.ts";
import { memberStatuses } from "./memberStatuses.repository.ts";

/** Members worked out in one transaction of their own (their rows locked in id order). */
const FOLLOW_CHUNK = 1000;

export type FeedChanges = Pick<AppliedBatch, "memberIds" | "closedCallbackIds">;

async function sendClosedCallbacks(db: Kysely<Database>, callbackIds: readonly number[], groupZone: string): Promise<void> {
  for (let start = 0; start < callbackIds.length; start += FOLLOW_CHUNK) {
    const callbacks = (await callbacksByIds(db, callbackIds.slice(start, start + FOLLOW_CHUNK), groupZone)).map(toCallback);
    await sendAfterCommit(db, ...callbacks.flatMap((callback) => [callbackEvent("closed", callback), ...(callback.owner ? [agentChanged(callback.owner.id)] : [])]));
  }
}

export async function followFeedChanges(services: { db: Kysely<Database>; config: ServerConfig }, changes: FeedChanges, now: Date): Promise<void> {
  const { db, config } = services;
  const setting = queueSettingOf(config);
  const { memberIds } = changes;
  for (let start = 0; start < memberIds.length; start += FOLLOW_CHUNK) {
    await refreshMembersLocked(db, memberIds.slice(start, start + FOLLOW_CHUNK), setting, () => now);
  }
  await sendClosedCallbacks(db, changes.closedCallbackIds, setting.groupZone);
  for (let start = 0; start < memberIds.length; start += FOLLOW_CHUNK) {
    await sendAfterCommit(db, ...(await memberStatuses(db, memberIds.slice(start, start + FOLLOW_CHUNK))).map(statusEvent));
  }
}
