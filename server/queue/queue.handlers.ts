// The work queue (tag queue): the next member for the caller, the queue's counts, attempt resets.
import { HttpError } from "../../contract/errors.ts";
import { PRIORITY_RANKS } from "../../domain/queue/memberState.ts";
import { daysPastRecareDue } from "../../domain/queue/why.ts";
import { callerOf, type Handlers } from "../handlers.ts";
import { listedMembersByIds } from "../members/memberAnswer.ts";
import type { ListQuery } from "../members/members.repository.ts";
import type { Services } from "../services.ts";
import { resetAttempts } from "./attempts.repository.ts";
import { queueCounts } from "./counts.repository.ts";
import { latestResultsOf } from "./memberQueue.repository.ts";
import { serveNext } from "./next.repository.ts";
import { practiceZones } from "./practiceZones.repository.ts";
import { queueStateRowOf, stateOfRow } from "./queueStateRow.repository.ts";
import { refreshStale, sweep } from "./queueState.repository.ts";
import { clocksOf, openZonesAt, settingOf } from "./setting.ts";

/** Waits and holds ended, and members an import changed, are taken up by each Next, this many at a time. */
const UPKEEP_BATCH = 500;

const PRIORITIES = Object.fromEntries(Object.entries(PRIORITY_RANKS).map(([priority, rank]) => [rank, priority])) as Record<number, "P1" | "P2" | "P3" | "P4">;

async function queueRequest(services: Services, query: ListQuery, userId: number) {
  const setting = settingOf(services);
  const clocks = clocksOf(services);
  const openZones = openZonesAt(clocks.now, setting, await practiceZones(services.db));
  return { setting, request: { userId, query, openZones, ...clocks } };
}

export const queueHandlers: Handlers = {
  async nextMember(call) {
    const { user } = callerOf(call);
    const { services } = call;
    const { setting, request } = await queueRequest(services, call.query, user.id);
    await refreshStale(services.db, setting, request.now, UPKEEP_BATCH);
    await sweep(services.db, request.now, request.claimsNow, UPKEEP_BATCH);
    const served = await serveNext(services.db, { ...request, address: call.request.ip }, setting);
    if (!served) return { member: null, why: null, queue: await queueCounts(services.db, request, setting) };
    const [member] = await listedMembersByIds(services.db, [served.memberId], request.claimsNow, setting.groupZone);
    const state = stateOfRow((await queueStateRowOf(services.db, served.memberId))!, setting.groupZone);
    const lastResult = (await latestResultsOf(services.db, [served.memberId])).get(served.memberId) ?? null;
    return {
      member: member!,
      why: {
        group: served.group,
        callback: member!.callback,
        priority: PRIORITIES[state.rank] ?? null,
        daysPastRecareDue: daysPastRecareDue(state.recareDue, request.now.getTime(), state.timeZone),
        attempts: state.attempts,
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
    const writer = { userId: user.id, address: call.request.ip, now: clocksOf(services).now };
    const attempts = await services.saves(() => resetAttempts(services.db, call.body.memberId, writer, settingOf(services)));
    if (attempts === undefined) throw new HttpError(404, "No such member");
    return { memberId: call.body.memberId, attempts };
  },
};
