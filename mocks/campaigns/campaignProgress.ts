// A campaign's progress in the fake backend, counted as the server counts it (the rules are
// domain/campaigns/campaignProgress.ts's): from the results saved in the campaign, the callbacks
// their agents booked after them, and the kept counts of its targets.
import type { components } from "../../contract/schema";
import { zonedDate } from "../../domain/calendar.ts";
import { campaignWindow } from "../../domain/campaigns/campaignQueue.ts";
import { byName, campaignDays, countsIn, isAttempt, TARGETS_RECOUNT_MS, type CampaignDay, type CampaignFigure, type CampaignWork, type KeptTargets } from "../../domain/campaigns/campaignProgress.ts";
import type { CallbackRecord, ResultRecord } from "../../demo/records.ts";
import type { MockDb } from "../db/createMockDb";
import type { CampaignRecord } from "../db/records";
import { createMembersList } from "../members/membersList";
import type { MemberFilters } from "../members/query";

type Query = MemberFilters & { search?: string };

/** Nobody's id: the queue is counted as any agent would be served, no callback being theirs. */
const ANY_AGENT = 0;

/** Members called, reached and given the campaign's appointment result by these saves. */
function memberCounts(saved: readonly ResultRecord[], campaign: CampaignRecord) {
  const members = (figure: CampaignFigure) => {
    const counts = countsIn(figure, campaign);
    return new Set(saved.filter((save) => counts(save.Result)).map((save) => save.memberId)).size;
  };
  return { called: members("called"), reached: members("reached"), appointments: members("appointments") };
}

export function createCampaignProgress(db: MockDb) {
  const list = createMembersList(db);
  const savedIn = (campaign: CampaignRecord) => db.results.filter((save) => save.campaignId === campaign.id);
  /** Booked by its agent after a result they saved in the campaign for the member. */
  const bookedAfterCampaignResult = (saved: readonly ResultRecord[]) => (callback: CallbackRecord) =>
    saved.some((save) => save.memberId === callback.memberId && save.userId === callback.bookedBy && save.createdAt <= callback.bookedAt);

  function countTargets(campaign: CampaignRecord): Omit<KeptTargets, "countedAt"> {
    const query = campaign.targets as Query;
    const now = db.now().getTime();
    const judge = db.queue.judge(ANY_AGENT, now, campaignWindow(campaign, db.queue.rules.callingWindow));
    let eligibleNow = 0;
    for (const batch of list.inIdOrder(query, 10_000)) {
      for (const member of batch) if (judge(member).served && member.Result !== campaign.goalResult) eligibleNow += 1;
    }
    return { targeted: list.count(query), eligibleNow };
  }

  function recount(campaign: CampaignRecord): KeptTargets {
    const kept = { ...countTargets(campaign), countedAt: db.now().toISOString() };
    db.campaignTargetCounts.set(campaign.id, kept);
    return kept;
  }

  return {
    /** The kept counts as they are; a count older than TARGETS_RECOUNT_MS is made again after this answer. */
    keptTargets(campaign: CampaignRecord): KeptTargets {
      const kept = db.campaignTargetCounts.get(campaign.id);
      if (!kept) return recount(campaign);
      if (campaign.state !== "finished" && db.now().getTime() - Date.parse(kept.countedAt) >= TARGETS_RECOUNT_MS) queueMicrotask(() => recount(campaign));
      return kept;
    },

    work(campaign: CampaignRecord): CampaignWork {
      const saved = savedIn(campaign);
      const agents = [...new Set(saved.map((save) => save.userId))];
      const byAgent = agents.map((userId) => {
        const user = db.users.find((candidate) => candidate.id === userId);
        return { userId, firstname: user?.firstname ?? "", lastname: user?.lastname ?? "", ...memberCounts(saved.filter((save) => save.userId === userId), campaign) };
      });
      const callbacksOpen = db.callbacks.filter((callback) => callback.status === "open").filter(bookedAfterCampaignResult(saved)).length;
      return { ...memberCounts(saved, campaign), attempts: saved.filter((save) => isAttempt(save.Result)).length, callbacksOpen, byAgent: byAgent.sort(byName) };
    },

    days(campaign: CampaignRecord): components["schemas"]["CampaignDay"][] {
      const saved = savedIn(campaign);
      const booked = db.callbacks.filter(bookedAfterCampaignResult(saved));
      const counted = new Map<string, CampaignDay>();
      for (const day of new Set(saved.map((save) => zonedDate(save.createdAt)))) {
        counted.set(day, { day, ...memberCounts(saved.filter((save) => zonedDate(save.createdAt) === day), campaign), callbacks: 0 });
      }
      for (const callback of booked) {
        const day = zonedDate(callback.bookedAt);
        const row = counted.get(day) ?? { day, called: 0, reached: 0, appointments: 0, callbacks: 0 };
        counted.set(day, { ...row, callbacks: row.callbacks + 1 });
      }
      return campaignDays(campaign, zonedDate(db.now()), [...counted.values()]);
    },
  };
}
