// The work queue (tag queue): the next member for the caller, the queue's counts, attempt resets.
import { HttpError } from "../../contract/errors.ts";
import { PRIORITY_RANKS } from "../../domain/queue/memberState.ts";
import { latestAppointment } from "../../domain/queue/practiceSchedule.ts";
import { daysPastRecareDue } from "../../domain/queue/why.ts";
import { callerOf, type Caller, type Handlers, type OperationId } from "../handlers.ts";
import type { AlongSession } from "../auth/sessions.repository.ts";
import { refuseOverLimit } from "../members/agentLimit.ts";
import type { ListQuery } from "../members/members.repository.ts";
import type { Services } from "../services.ts";
import { resetAttempts } from "./attempts.repository.ts";
import { queueCounts } from "./counts.repository.ts";
import { countsWhenNobody } from "./nobodyCounts.ts";
import { serveNext, type Served } from "./next.repository.ts";
import { practiceZones } from "./practiceZones.repository.ts";
import type { QueueSetting } from "./queueState.repository.ts";
import { clocksOf, openZonesAt, settingOf } from "./setting.ts";
import type { components } from "../../contract/schema.d.ts";
import { campaignWindow } from "../../domain/campaigns/campaignQueue.ts";
import { localTimeOf } from "../../domain/queue/zonedTime.ts";
import type { Campaign } from "../campaigns/campaigns.repository.ts";
import { countedNext, countNextAlongSession } from "./nextCount.repository.ts";
import { sendAfterCommit } from "../events/events.repository.ts";

type ServedCampaign = components["schemas"]["ServedCampaign"];

const PRIORITIES = Object.fromEntries(Object.entries(PRIORITY_RANKS).map(([priority, rank]) => [rank, priority])) as Record<number, "P1" | "P2" | "P3" | "P4">;

/** The practices' own zones, read again after a minute (a practice's zone rarely changes). */
const zonesRead = new WeakMap<Services, { at: number; zones: Promise<string[]> }>();
function practiceZonesOf(services: Services): Promise<string[]> {
  const read = zonesRead.get(services);
  if (read && Date.now() - read.at < 60_000) return read.zones;
  const zones = practiceZones(services.db);
  zonesRead.set(services, { at: Date.now(), zones });
  zones.catch(() => zonesRead.delete(services));
  return zones;
}

async function queueRequest(services: Services, query: ListQuery, userId: number, setting: QueueSetting = settingOf(services)) {
  const clocks = clocksOf(services);
  const openZones = openZonesAt(clocks.now, setting, await practiceZonesOf(services));
  return { setting, request: { userId, query, openZones, ...clocks } };
}

type QueueRequest = Awaited<ReturnType<typeof queueRequest>>;

/** The group's date now: the day whose campaigns Next serves. */
const todayOf = (services: Services) => localTimeOf(clocksOf(services).now.getTime(), settingOf(services).groupZone).date;

/** What the queue's calls do in the caller's session statement (app.ts): Next counts its call and reads the campaigns. */
export const queueAlongSession = {
  nextMember: (services: Services) => countNextAlongSession(todayOf(services)),
} satisfies Partial<Record<OperationId, (services: Services) => AlongSession>>;

/**
 * What Next works under for the caller: each campaign served today, in the supervisor's order, its
 * targets as the filters and the calling window within its hours; without one, the list's filters.
 * The call was counted against the caller's claims first, in the session's statement (Next claims
 * what it serves): past the limit it is refused.
 */
async function workOf(services: Services, query: ListQuery, caller: Caller): Promise<{ campaign: Campaign | null; asked: QueueRequest }[]> {
  const setting = settingOf(services);
  const userId = caller.user.id;
  if (caller.along === undefined || caller.along === null) throw new Error("Next ran without its count from the session's statement");
  const { count, campaigns } = countedNext(caller.along, userId);
  refuseOverLimit(services, "claims", count);
  if (campaigns.length === 0) return [{ campaign: null, asked: await queueRequest(services, query, userId, setting) }];
  return Promise.all(
    campaigns.map(async (campaign) => {
      const narrowed = { ...setting, rules: { ...setting.rules, callingWindow: campaignWindow(campaign, setting.rules.callingWindow) } };
      return { campaign, asked: await queueRequest(services, campaign.targets as ListQuery, userId, narrowed) };
    }),
  );
}

const servedFor = (campaign: Campaign | null, served: Served) =>
  campaign && served.group !== "yourCallback" ? { id: campaign.id, name: campaign.name, script: campaign.script } : null;

function answerOf(served: Served, request: QueueRequest["request"], campaign: ServedCampaign | null) {
  const { member, lastResult, state } = served;
  const appointment = latestAppointment(served.appointments);
  return {
    member,
    why: {
      group: served.group,
      callback: member.callback,
      priority: PRIORITIES[state.rank] ?? null,
      daysPastRecareDue: daysPastRecareDue(state.recareDue, request.now.getTime(), state.timeZone),
      attempts: state.attempts,
      lastResult,
      appointment,
    },
    queue: null,
    campaign,
  };
}

export const queueHandlers: Handlers = {
  async nextMember(call) {
    const caller = callerOf(call);
    const { session } = caller;
    const { services } = call;
    const work = await workOf(services, call.query, caller);
    for (const { campaign, asked } of work) {
      const { setting, request } = asked;
      const forCampaign = campaign ? { id: campaign.id, attemptCap: campaign.attemptCap, goalResult: campaign.goalResult, cooldownHours: campaign.cooldownHours } : undefined;
      // A write like a save: it waits in the saves' lane, leaving connections to reads.
      const served = await services.saves(() => serveNext(services.db, { ...request, sessionId: session.id, address: call.request.ip, campaign: forCampaign }, setting));
      if (!served) continue;
      // Committed: the claim's events go out with the other changes that committed meanwhile (as a save's do).
      await sendAfterCommit(services.db, ...served.notices).catch((error: unknown) => call.request.log.error({ err: error }, "a claim's events were not sent"));
      return answerOf(served, request, servedFor(campaign, served));
    }
    const { setting, request } = work[0]!.asked;
    return { member: null, why: null, queue: await countsWhenNobody(services, request, setting), campaign: null };
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
