// After a batch of practice data commits, the members it changed are followed as a save's member is
// (server/queue/stateFollower.ts): their queue states worked out again at once, so that Next stops
// serving a member the practice booked now rather than at its next upkeep, and open lists hear of
// their new Status, last visit and next appointment (a `status` event each).
import type { Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import type { ServerConfig } from "../config.ts";
import { sendAfterCommit } from "../events/events.repository.ts";
import { refreshMembersLocked } from "../queue/queueState.repository.ts";
import { queueSettingOf } from "../queue/setting.ts";
import { statusEvent } from "../../domain/team/events.ts";
import { memberStatuses } from "./memberStatuses.repository.ts";

/** Members worked out in one transaction of their own (their rows locked in id order). */
const FOLLOW_CHUNK = 1000;

export async function followFeedChanges(services: { db: Kysely<Database>; config: ServerConfig }, memberIds: readonly number[], now: Date): Promise<void> {
  const { db, config } = services;
  for (let start = 0; start < memberIds.length; start += FOLLOW_CHUNK) {
    const ids = memberIds.slice(start, start + FOLLOW_CHUNK);
    await refreshMembersLocked(db, ids, queueSettingOf(config), () => now);
    await sendAfterCommit(db, ...(await memberStatuses(db, ids)).map(statusEvent));
  }
}
