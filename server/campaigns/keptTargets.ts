// The members each campaign targets and how many the queue could serve now, kept rather than
// counted per request (the Campaigns page at 1,000,000 members): a campaign never counted is
// counted before its first answer; a count older than TARGETS_RECOUNT_MS is answered as kept while
// the instance counts it again in the background, one campaign after another. A finished campaign
// keeps its last count.
import type { components } from "../../contract/schema.d.ts";
import { campaignWindow } from "../../domain/campaigns/campaignQueue.ts";
import { TARGETS_RECOUNT_MS, type KeptTargets } from "../../domain/campaigns/campaignProgress.ts";
import { membersCount, type ListQuery } from "../members/members.repository.ts";
import { queueCounts } from "../queue/counts.repository.ts";
import { practiceZones } from "../queue/practiceZones.repository.ts";
import { clocksOf, openZonesAt, settingOf } from "../queue/setting.ts";
import type { Services } from "../services.ts";
import { keepTargetCounts, keptTargetCounts } from "./campaignTargetCounts.repository.ts";

type Campaign = components["schemas"]["Campaign"];

/** Nobody's id: the queue is counted as any agent would be served, no callback being theirs. */
const ANY_AGENT = 0;

const given = (value: string | undefined) => value !== undefined && value !== "all";

/** The members the targets match, and of them those the queue could serve now within the campaign's hours, its goal's left out. */
async function countTargets(services: Services, campaign: Campaign): Promise<{ targeted: number; eligibleNow: number }> {
  const { db } = services;
  const query = campaign.targets as ListQuery;
  const queueSetting = settingOf(services);
  const setting = { ...queueSetting, rules: { ...queueSetting.rules, callingWindow: campaignWindow(campaign, queueSetting.rules.callingWindow) } };
  const clocks = clocksOf(services);
  const request = { userId: ANY_AGENT, query, openZones: openZonesAt(clocks.now, setting, await practiceZones(db)), ...clocks };
  const [targeted, queue] = await Promise.all([membersCount(db, query), queueCounts(db, request, setting)]);
  const goal = campaign.goalResult;
  if (!goal || (given(query.result) && query.result !== goal)) return { targeted, eligibleNow: queue.eligible };
  if (given(query.result)) return { targeted, eligibleNow: 0 };
  // A member whose result reached the goal leaves the campaign's queue.
  const reached = await queueCounts(db, { ...request, query: { ...query, result: goal } }, setting);
  return { targeted, eligibleNow: queue.eligible - reached.eligible };
}

/** Each instance counts stale campaigns one after another: a page of 50 campaigns never asks the database for 50 counts at once. */
interface Recounter {
  waiting: Map<number, Campaign>;
  counting: number | null;
  running: Promise<void> | null;
}
const recounters = new WeakMap<Services, Recounter>();

async function recount(services: Services, campaign: Campaign): Promise<KeptTargets> {
  const countedAt = services.now();
  const counts = await countTargets(services, campaign);
  await keepTargetCounts(services.db, campaign.id, counts, countedAt);
  return { ...counts, countedAt: countedAt.toISOString() };
}

async function drain(services: Services, recounter: Recounter): Promise<void> {
  for (let next = recounter.waiting.values().next(); !next.done; next = recounter.waiting.values().next()) {
    const campaign = next.value;
    recounter.waiting.delete(campaign.id);
    recounter.counting = campaign.id;
    // A count that fails leaves the kept one as it was: the next read asks again.
    await recount(services, campaign).catch(() => undefined);
    recounter.counting = null;
  }
}

function recountInBackground(services: Services, campaign: Campaign): void {
  const recounter = recounters.get(services) ?? { waiting: new Map<number, Campaign>(), counting: null, running: null };
  recounters.set(services, recounter);
  if (recounter.counting === campaign.id) return;
  recounter.waiting.set(campaign.id, campaign);
  if (!recounter.running) startDraining(services, recounter);
}

function startDraining(services: Services, recounter: Recounter): void {
  recounter.running = drain(services, recounter).finally(() => {
    recounter.running = null;
    // One asked for between the last count and this.
    if (recounter.waiting.size > 0) startDraining(services, recounter);
  });
}

/** The kept counts of each campaign's targets, by campaign id. */
export async function keptTargets(services: Services, campaigns: readonly Campaign[]): Promise<Map<number, KeptTargets>> {
  const rows = new Map((await keptTargetCounts(services.db, campaigns.map((campaign) => campaign.id))).map((row) => [row.campaign_id, row]));
  const now = services.now().getTime();
  const kept = new Map<number, KeptTargets>();
  for (const campaign of campaigns) {
    const row = rows.get(campaign.id);
    if (!row) continue;
    kept.set(campaign.id, { targeted: row.targeted, eligibleNow: row.eligible_now, countedAt: new Date(row.counted_at).toISOString() });
    if (campaign.state !== "finished" && now - new Date(row.counted_at).getTime() >= TARGETS_RECOUNT_MS) recountInBackground(services, campaign);
  }
  for (const campaign of campaigns.filter((candidate) => !rows.has(candidate.id))) kept.set(campaign.id, await recount(services, campaign));
  return kept;
}

/** Waits for the counts running in the background (the app closing). */
export async function settleTargetRecounts(services: Services): Promise<void> {
  const recounter = recounters.get(services);
  while (recounter?.running) await recounter.running;
}
