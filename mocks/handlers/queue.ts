// The work queue (tag queue) of the fake backend: the next member for the caller under the list's
// filters (every member judged by domain/queue/verdict.ts, the best by domain/queue/order.ts, then
// claimed as POST /Members/claims claims), the queue's counts, attempt resets.
import { HttpResponse } from "msw";
import { HttpError } from "../../contract/errors.ts";
import type { MemberRecord } from "../../demo/records.ts";
import { queueCounter } from "../../domain/queue/counts.ts";
import { PRIORITY_RANKS } from "../../domain/queue/memberState.ts";
import { compareQueuePlaces, servedWhateverFilters, type QueuePlace } from "../../domain/queue/order.ts";
import type { QueueGroup } from "../../domain/queue/verdict.ts";
import { latestAppointment } from "../../domain/queue/practiceSchedule.ts";
import { daysPastRecareDue } from "../../domain/queue/why.ts";
import { claimEvent, queueEvent } from "../../domain/team/events.ts";
import { caller, createApi } from "../api";
import { agentChanged } from "../board/board";
import { claimMember, liveClaim } from "../db/claims";
import type { MockDb } from "../db/createMockDb";
import { enforceAgentLimit } from "../members/agentLimit";
import { createMembersList } from "../members/membersList";
import type { MemberFilters } from "../members/query";
import { toMemberAnswer } from "../members/records";
import { latestResultOf, queueFieldsOf } from "../queue/answers";
import { campaignWindow, cappedByCampaign, coolingDownForCampaign, isServedOn } from "../../domain/campaigns/campaignQueue.ts";
import { localTimeOf } from "../../domain/queue/zonedTime.ts";
import { PRACTICE_TIME_ZONE } from "../../domain/vocabulary.ts";
import type { CampaignRecord } from "../db/records";

const PRIORITIES = Object.fromEntries(Object.entries(PRIORITY_RANKS).map(([priority, rank]) => [rank, priority])) as Record<number, "P1" | "P2" | "P3" | "P4">;

export function queueHandlers(db: MockDb) {
  const api = createApi(db);
  const list = createMembersList(db);

  /** Every member under the list's filters and search. */
  function* underFilters(query: MemberFilters & { search?: string }): Generator<MemberRecord> {
    for (const batch of list.inIdOrder(query, 10_000)) yield* batch;
  }

  function countsOf(query: MemberFilters & { search?: string }, callerId: number) {
    const now = db.now().getTime();
    const judge = db.queue.judge(callerId, now);
    const counter = queueCounter(now, db.queue.rules);
    for (const member of underFilters(query)) counter.add(db.queue.stateOf(member), judge(member));
    return counter.counts();
  }

  /** What Next works under: each campaign of the caller's served today, in the supervisor's order, or the list's filters. */
  function workOf(userId: number, now: number, query: MemberFilters & { search?: string }) {
    const today = localTimeOf(now, PRACTICE_TIME_ZONE).date;
    const campaigns = db.campaigns.filter((campaign) => campaign.agents.includes(userId) && isServedOn(campaign, today)).sort((a, b) => a.position - b.position || a.id - b.id);
    if (campaigns.length === 0) return [{ campaign: null, query, window: db.queue.rules.callingWindow }];
    return campaigns.map((campaign) => ({ campaign, query: campaign.targets as MemberFilters & { search?: string }, window: campaignWindow(campaign, db.queue.rules.callingWindow) }));
  }

  return [
    api.post("/queue/next", (context) => {
      const { record, user } = caller(context);
      // Next claims what it serves: it counts with the caller's claims.
      enforceAgentLimit(db, "claims", user.id);
      const now = db.now().getTime();
      const bestOf = (judge: ReturnType<typeof db.queue.judge>, candidates: Iterable<MemberRecord>, keeps: (group: QueueGroup) => boolean, campaign?: CampaignRecord) => {
        let best: { member: MemberRecord; place: QueuePlace } | undefined;
        for (const member of candidates) {
          const verdict = judge(member);
          if (!verdict.served || !keeps(verdict.group)) continue;
          const state = db.queue.stateOf(member);
          const isCallback = verdict.group === "yourCallback" || verdict.group === "overdueCallback";
          if (campaign && cappedByCampaign(campaign, state.attempts, isCallback)) continue;
          // A member whose result reached the campaign's goal leaves its queue.
          if (campaign?.goalResult && member.Result === campaign.goalResult) continue;
          if (campaign && coolingDownForCampaign(campaign, { result: member.Result, lastAttemptAt: state.lastAttemptAt, isCallback }, now)) continue;
          const place = { group: verdict.group, dueAt: state.callback?.dueAt ?? null, rank: state.rank, recareDue: state.recareDue, attempts: state.attempts, lastAttemptAt: state.lastAttemptAt, memberId: member.id };
          if (!best || compareQueuePlaces(place, best.place) < 0) best = { member, place };
        }
        return best;
      };
      // The caller's own due callbacks come first whatever the filters (their group leads the order); the rest keep to them.
      const promised = new Set(db.callbacks.filter((callback) => callback.status === "open" && callback.ownerId === user.id).map((callback) => callback.memberId));
      const work = workOf(user.id, now, context.query);
      let served: { best: NonNullable<ReturnType<typeof bestOf>>; campaign: CampaignRecord | null } | undefined;
      for (const { campaign, query, window } of work) {
        const judge = db.queue.judge(user.id, now, window);
        const own = bestOf(judge, db.members.filter((member) => promised.has(member.id)), servedWhateverFilters);
        const best = own ?? bestOf(judge, underFilters(query), () => true, campaign ?? undefined);
        if (best) {
          served = { best, campaign: best.place.group === "yourCallback" ? null : campaign };
          break;
        }
      }
      if (!served) return HttpResponse.json({ member: null, why: null, queue: countsOf(work[0]!.query, user.id), campaign: null });
      const { best } = served;
      const { member, place } = best;
      claimMember(db.claims, member.id, { userId: user.id, sessionToken: record.token, campaignId: served.campaign?.id });
      const claim = liveClaim(db.claims, db.users, member.id);
      db.events.publish(claimEvent(member.id, claim));
      agentChanged(db, user.id);
      const fields = queueFieldsOf(db, member);
      const state = db.queue.stateOf(member);
      return HttpResponse.json({
        member: toMemberAnswer(member, claim, fields),
        why: {
          group: place.group,
          callback: fields.callback,
          priority: PRIORITIES[state.rank] ?? null,
          daysPastRecareDue: daysPastRecareDue(state.recareDue, now, state.timeZone),
          attempts: state.attempts,
          lastResult: latestResultOf(db, member.id),
          appointment: latestAppointment(db.appointments.filter((a) => member.PatNum !== "" && a.practiceId === member.practiceId && a.patNum === member.PatNum)),
        },
        queue: null,
        campaign: served.campaign && { id: served.campaign.id, name: served.campaign.name, script: served.campaign.script },
      });
    }),

    api.get("/queue/counts", (context) => HttpResponse.json(countsOf(context.query, caller(context).user.id))),

    api.post("/queue/attempts/reset", ({ body }) => {
      const member = db.members.find((candidate) => candidate.id === body.memberId);
      if (!member) throw new HttpError(404, "No such member");
      db.attemptResets.set(member.id, db.now().toISOString());
      db.queue.changed(member.id);
      const { attempts, doNotCall } = queueFieldsOf(db, member);
      db.events.publish(queueEvent(member.id, attempts, doNotCall));
      return HttpResponse.json({ memberId: member.id, attempts });
    }),
  ];
}
