// The work queue (tag queue): the next member for the caller, the queue's counts, attempt resets.
import { sql } from "kysely";
import { HttpError } from "../../contract/errors.ts";
import { PRIORITY_RANKS } from "../../domain/queue/memberState.ts";
import { daysPastRecareDue } from "../../domain/queue/why.ts";
import { queueEvent } from "../../domain/team/events.ts";
import { callerOf, type Handlers } from "../handlers.ts";
import { audit } from "../audit.ts";
import { publish } from "../events/events.repository.ts";
import { listedMembers } from "../members/memberAnswer.ts";
import { memberListConditions, membersByIds, type ListQuery } from "../members/members.repository.ts";
import type { Services } from "../services.ts";
import { queueCounts } from "./counts.repository.ts";
import { latestResultsOf, queueFieldsOf } from "./memberQueue.repository.ts";
import { serveNext } from "./next.repository.ts";
import { refreshMembers, refreshStale, sweep } from "./queueState.repository.ts";
import { clocksOf, openZonesAt, settingOf } from "./setting.ts";
import { practiceZones } from "./practiceZones.repository.ts";

/** Waits and holds ended, and members an import changed, are taken up by each Next, this many at a time. */
const UPKEEP_BATCH = 500;

async function queueRequest(services: Services, query: ListQuery, userId: number) {
  const setting = settingOf(services);
  const clocks = clocksOf(services);
  const openZones = openZonesAt(clocks.now, setting, await practiceZones(services.db));
  return { setting, request: { userId, filters: await memberListConditions(services.db, query), openZones, ...clocks } };
}

const PRIORITIES = Object.fromEntries(Object.entries(PRIORITY_RANKS).map(([priority, rank]) => [rank, priority])) as Record<number, "P1" | "P2" | "P3" | "P4">;

export const queueHandlers: Handlers = {
  async nextMember(call) {
    const { user } = callerOf(call);
    const { services } = call;
    const { setting, request } = await queueRequest(services, call.query, user.id);
    await refreshStale(services.db, setting, request.now, UPKEEP_BATCH);
    await sweep(services.db, request.now, request.claimsNow, UPKEEP_BATCH);
    const served = await serveNext(services.db, { ...request, address: call.request.ip }, setting);
    if (!served) return { member: null, why: null, queue: await queueCounts(services.db, request, setting) };
    const rows = await membersByIds(services.db, [served.memberId]);
    const [member] = await listedMembers(services.db, rows, request.claimsNow, setting.groupZone);
    const state = await services.db.selectFrom("queue_state").select(["rank", sql<string | null>`to_char(recare_due, 'YYYY-MM-DD')`.as("recare_due")]).where("member_id", "=", served.memberId).executeTakeFirstOrThrow();
    const lastResult = (await latestResultsOf(services.db, [served.memberId])).get(served.memberId) ?? null;
    return {
      member: member!,
      why: {
        group: served.group,
        callback: member!.callback,
        priority: PRIORITIES[state.rank] ?? null,
        daysPastRecareDue: daysPastRecareDue(state.recare_due, request.now.getTime(), member!.timeZone),
        attempts: member!.attempts,
        lastResult,
      },
      queue: null,
    };
  },

  async getQueueCounts(call) {
    const { user } = callerOf(call);
    const { setting, request } = await queueRequest(call.services, call.query, user.id);
    return queueCounts(call.services.db, request, setting);
  },

  async resetAttempts(call) {
    const { user } = callerOf(call);
    const { services } = call;
    const { memberId } = call.body;
    const setting = settingOf(services);
    const { now } = clocksOf(services);
    return services.db.transaction().execute(async (trx) => {
      const member = await trx.selectFrom("members").select(["id", "result"]).where("id", "=", memberId).forUpdate().executeTakeFirst();
      if (!member) throw new HttpError(404, "No such member");
      await trx.updateTable("queue_state").set({ attempts_reset_at: now }).where("member_id", "=", memberId).execute();
      const state = (await refreshMembers(trx, [memberId], setting, now)).get(memberId)!;
      await audit(trx, { userId: user.id, action: "resetAttempts", memberIds: [memberId], address: call.request.ip });
      const fields = (await queueFieldsOf(trx, [member], setting.groupZone)).get(memberId)!;
      await publish(trx, queueEvent(memberId, state.attempts, fields.doNotCall));
      return { memberId, attempts: state.attempts };
    });
  },
};
