// Next (openapi.yaml nextMember) on the database: the caller's due callbacks (whatever the list's
// filters), then anyone's overdue ones, found through indexes at each Next; then the hopper of the
// list's filters (hopper.repository.ts), members picked ahead of time in the queue's order, one
// taken per try. Whatever a candidate's way in, its member row is locked without waiting (SKIP
// LOCKED: another agent's Next, or a save, has it) and its verdict (domain/queue/verdict.ts) is
// read again from its state at that moment before it is claimed, in the same transaction: a member
// saved, claimed, called back, capped or gone out of its calling window since it was picked is not
// served. PGlite runs one transaction at a time, so there the lock is never contended.
import { sql, type Kysely, type RawBuilder, type Transaction } from "kysely";
import type { Database } from "../db/database.ts";
import { servedWhateverFilters } from "../../domain/queue/order.ts";
import { verdictOf, type QueueGroup } from "../../domain/queue/verdict.ts";
import { claimMember } from "../members/claims.repository.ts";
import { memberListConditions, type ListQuery } from "../members/members.repository.ts";
import { audit } from "../audit.repository.ts";
import { refreshMembers, upkeep, type QueueSetting } from "./queueState.repository.ts";
import { lockedStateRowOf, stateOfRow } from "./queueStateRow.repository.ts";
import { fillHopper, hopperKeyOf, takeFromHopper } from "./hopper.repository.ts";
import { reachable, withFilters, type WalkMoment } from "./queueWalk.repository.ts";
import type { QueueState } from "../../domain/queue/memberState.ts";
import { campaignCooldowns, cappedByCampaign, coolingDownForCampaign } from "../../domain/campaigns/campaignQueue.ts";
import type { components } from "../../contract/schema.d.ts";

type CampaignCooldownHours = components["schemas"]["CampaignCooldowns"];
import { campaignStillActive } from "../campaigns/campaigns.repository.ts";

export interface NextRequest extends WalkMoment {
  userId: number;
  /** The caller's session: the claim of the member served ends with it. */
  sessionId: string;
  address: string;
  /** The list's filters and search (a campaign's targets when served for one). */
  query: ListQuery;
  /** The campaign served for: its own hopper, its attempt cap and goal, and served only while it is active. */
  campaign?: { id: number; attemptCap: number | null; goalResult: string | null; cooldownHours: CampaignCooldownHours };
}

/** The campaign served for was paused or finished since this Next began: nothing more is served from it. */
class CampaignStopped extends Error {}

async function checkCampaign(trx: Transaction<Database>, request: NextRequest): Promise<void> {
  if (request.campaign && !(await campaignStillActive(trx, request.campaign.id))) throw new CampaignStopped();
}

/** The hopper a Next takes from: the campaign's own, or the list's filters'. */
const hopperOf = (request: NextRequest) => (request.campaign ? `campaign:${request.campaign.id}` : hopperKeyOf(request.query));

/** Callbacks of each group asked for first: enough for the agents pressing Next at the same moment. */
const CANDIDATES = 32;
/** At most this many candidates are tried before the queue answers that nobody can be served. */
const MOST_TRIED = 512;
/** Waits and holds ended, and members an import changed, are taken up by each fill, this many at a time. */
const UPKEEP_BATCH = 500;
/** While another fill of an empty hopper runs, Next looks again this often, this many times. */
const FILL_WAIT_MS = 5;
const MOST_FILL_WAITS = 400;

/** The callbacks' groups of the order, each with the SQL of its members in its order. */
function callbackGroupsOf(request: Omit<NextRequest, "query">, filters: RawBuilder<boolean>[], take: number): RawBuilder<unknown>[] {
  const { userId, now, claimsNow } = request;
  const callbacks = (group: QueueGroup, due: RawBuilder<unknown>) => sql`
    select q.member_id, row_number() over (order by c.due_at, c.member_id) as place from callbacks c
    join queue_state q on q.member_id = c.member_id ${servedWhateverFilters(group) ? sql`` : withFilters(filters)}
    where c.status = 'open' and ${due} and ${reachable(request)} and (q.held_until is null or q.held_until <= ${claimsNow})
    order by c.due_at, c.member_id limit ${take}`;
  return [
    callbacks("yourCallback", sql`c.owner_id = ${userId} and c.due_at <= ${now}`),
    callbacks("overdueCallback", sql`c.owner_id is distinct from ${userId} and coalesce(c.owner_until, c.due_at) <= ${now}`),
  ];
}

/** The first `take` members of each callbacks' group, in the queue's order: one statement for both. */
async function callbackCandidatesOf(db: Kysely<Database>, request: Omit<NextRequest, "query">, filters: RawBuilder<boolean>[], take: number): Promise<number[]> {
  const branches = callbackGroupsOf(request, filters, take).map((members, group) => sql`select ${group}::int as grp, place, member_id from (${members}) g${sql.raw(String(group))}`);
  const { rows } = await sql<{ member_id: number }>`${sql.join(branches, sql` union all `)} order by grp, place`.execute(db);
  return rows.map((row) => row.member_id);
}

/**
 * Serves the caller the first member still servable, claimed for them, with the place it had;
 * undefined when none is. Nobody is, without a look, when the calling window is closed everywhere.
 */
export async function serveNext(db: Kysely<Database>, request: NextRequest, setting: QueueSetting): Promise<Served | undefined> {
  if (request.openZones.length === 0) return undefined;
  const filters = await memberListConditions(db, request.query);
  // A member whose result reached the campaign's goal leaves its queue (read again at the take).
  const goal = request.campaign?.goalResult;
  if (goal) filters.push(sql<boolean>`m.result is distinct from ${goal}`);
  try {
    return (await serveCallback(db, request, filters, setting)) ?? (await serveFromHopper(db, request, [...filters, ...campaignRests(request)], setting));
  } catch (error) {
    if (error instanceof CampaignStopped) return undefined;
    throw error;
  }
}

/**
 * The campaign's own cooldowns as conditions of its walk (callbacks are served whatever they say):
 * a member resting under them is not picked into its hopper until its rest is over.
 */
function campaignRests(request: NextRequest): RawBuilder<boolean>[] {
  if (!request.campaign) return [];
  return campaignCooldowns(request.campaign).map(
    ({ result, hours }) => sql<boolean>`not (m.result = ${result} and q.last_attempt_at > ${new Date(request.now.getTime() - hours * 3_600_000)})`,
  );
}

/**
 * A due callback: each try is a transaction of its own, so a candidate that is not servable after
 * all is let go at once; when every candidate of a round was taken by others, the next round asks for more.
 */
async function serveCallback(db: Kysely<Database>, request: NextRequest, filters: RawBuilder<boolean>[], setting: QueueSetting): Promise<Served | undefined> {
  const tried = new Set<number>();
  for (let take = CANDIDATES; tried.size < MOST_TRIED; take *= 4) {
    const candidates = await callbackCandidatesOf(db, request, filters, take);
    for (const memberId of candidates) {
      if (tried.has(memberId)) continue;
      tried.add(memberId);
      const served = await db.transaction().execute(async (trx) => {
        await checkCampaign(trx, request);
        return serveIfServable(trx, memberId, request, setting);
      });
      if (served) return served;
    }
    if (candidates.length < take) return undefined;
  }
  return undefined;
}

/**
 * The hopper's first member still servable. A member taken that is not is gone from the hopper
 * (a fill adds it again if the walk still holds it). An empty hopper is filled before answering
 * that nobody is eligible, by this Next or, when another is filling it, by that one.
 */
async function serveFromHopper(db: Kysely<Database>, request: NextRequest, filters: RawBuilder<boolean>[], setting: QueueSetting): Promise<Served | undefined> {
  const key = hopperOf(request);
  let waits = 0;
  for (let tried = 0; tried < MOST_TRIED; ) {
    const outcome = await db.transaction().execute(async (trx) => {
      await checkCampaign(trx, request);
      const taken = await takeFromHopper(trx, key, request);
      return taken && { taken, served: await serveIfServable(trx, taken.memberId, request, setting) };
    });
    if (outcome) {
      tried += 1;
      if (outcome.taken.wantsFill) fillInBackground(db, key, filters, request, setting);
      if (outcome.served) return outcome.served;
      continue;
    }
    const held = await fill(db, key, filters, request, setting);
    if (held === 0) return undefined;
    if (held === "busy") {
      waits += 1;
      if (waits > MOST_FILL_WAITS) return undefined;
      await new Promise((resolve) => setTimeout(resolve, FILL_WAIT_MS));
    }
  }
  return undefined;
}

/** Ends the waits and holds that are over, works out what an import changed, then tops the hopper up. */
async function fill(db: Kysely<Database>, key: string, filters: RawBuilder<boolean>[], moment: WalkMoment, setting: QueueSetting) {
  await upkeep(db, setting, moment.now, moment.claimsNow, UPKEEP_BATCH);
  return fillHopper(db, key, filters, moment);
}

/** The hoppers this instance is filling in the background, per database: one fill of each at a time. */
const filling = new WeakMap<Kysely<Database>, Set<string>>();

function fillInBackground(db: Kysely<Database>, key: string, filters: RawBuilder<boolean>[], moment: WalkMoment, setting: QueueSetting): void {
  const keys = filling.get(db) ?? new Set<string>();
  filling.set(db, keys);
  if (keys.has(key)) return;
  keys.add(key);
  // A fill that fails (the server closing) leaves the hopper as it was: the next take asks again.
  fill(db, key, filters, moment, setting)
    .catch(() => undefined)
    .finally(() => keys.delete(key));
}

/** The member's current result (its row is locked by the caller). */
async function resultOf(trx: Transaction<Database>, memberId: number): Promise<string | null> {
  const row = await trx.selectFrom("members").select("result").where("id", "=", memberId).executeTakeFirst();
  return row?.result ?? null;
}

export interface Served {
  memberId: number;
  group: QueueGroup;
  state: QueueState;
}

async function serveIfServable(trx: Transaction<Database>, memberId: number, request: NextRequest, setting: QueueSetting): Promise<Served | undefined> {
  const row = await lockedStateRowOf(trx, memberId);
  if (!row) return undefined;
  const state = row.stale ? (await refreshMembers(trx, [memberId], setting, request.now)).get(memberId) : stateOfRow(row, setting.groupZone);
  if (!state) return undefined;
  const claimed = row.held_until !== null && new Date(row.held_until) > request.claimsNow;
  const verdict = verdictOf(state, { now: request.now.getTime(), callerId: request.userId, claimed, inWindow: request.openZones.includes(state.timeZone) });
  if (!verdict.served) return undefined;
  const isCallback = verdict.group === "yourCallback" || verdict.group === "overdueCallback";
  if (request.campaign && cappedByCampaign(request.campaign, state.attempts, isCallback)) return undefined;
  if (request.campaign && (request.campaign.goalResult || campaignCooldowns(request.campaign).length > 0)) {
    const result = await resultOf(trx, memberId);
    if (result === request.campaign.goalResult) return undefined;
    if (coolingDownForCampaign(request.campaign, { result: result ?? "", lastAttemptAt: state.lastAttemptAt, isCallback }, request.now.getTime())) return undefined;
  }
  const outcome = await claimMember(trx, memberId, { userId: request.userId, sessionId: request.sessionId, campaignId: verdict.group === "yourCallback" ? undefined : request.campaign?.id }, request.claimsNow, request.address);
  if (!("claimed" in outcome)) return undefined;
  await audit(trx, { userId: request.userId, action: "nextMember", memberIds: [memberId], address: request.address });
  return { memberId, group: verdict.group, state };
}
