// The queue's state follows what changed a member right after that change commits, not inside its
// transaction: a save (or a change of status) marks the member's `queue_state` row stale in its own
// statement, and once it has committed the instance works the state out again here. Until then Next
// never serves the member on its old state: the walk skips stale rows, and a take works a stale
// member out again before judging it; while the change is in flight its member row is locked and
// the take skips it. If the instance stops between the commit and this, the row stays stale and
// Next's upkeep works it out.
//
// Per instance, batched: every member that committed while a run was in flight goes into the next
// run, one transaction for all of them (refreshMembersLocked).
import type { Services } from "../services.ts";
import type { QueueState } from "../../domain/queue/memberState.ts";
import { batcher, type Batcher } from "../db/batcher.ts";
import { refreshMembersLocked } from "./queueState.repository.ts";
import { clocksOf, settingOf } from "./setting.ts";

const followers = new WeakMap<Services, Batcher<number, QueueState | undefined>>();

function followerOf(services: Services): Batcher<number, QueueState | undefined> {
  let follower = followers.get(services);
  if (!follower) {
    follower = batcher(async (memberIds: number[]) => {
      const states = await refreshMembersLocked(services.db, memberIds, settingOf(services), () => clocksOf(services).now);
      return memberIds.map((id) => states.get(id));
    });
    followers.set(services, follower);
  }
  return follower;
}

/**
 * Brings these members' queue states to the truth of what just committed, and answers them (none
 * for a member that no longer exists). Call it after the commit of anything that marked them
 * stale: a saved result, a change of status, phone or practice.
 */
export async function followQueueState(services: Services, memberIds: readonly number[]): Promise<Map<number, QueueState>> {
  const follower = followerOf(services);
  const states = await Promise.all(memberIds.map((id) => follower(id)));
  return new Map(memberIds.flatMap((id, index) => (states[index] ? [[id, states[index]] as const] : [])));
}
