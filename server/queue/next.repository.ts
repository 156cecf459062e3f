// Next (openapi.yaml nextMember) on the database, one or two statements per try and no transaction
// around them: each commits by itself, so a served Next waits on no BEGIN or COMMIT of its own.
// The first finds the caller's due callbacks (whatever the list's filters), then anyone's overdue
// ones, through indexes, the first whose member row is not locked (SKIP LOCKED: another agent's
// Next, or a save, has it); when none, the hopper of the list's filters (hopper.repository.ts)
// gives up its first member, picked ahead of time in the queue's order (its take commits with the
// statement, without waiting for the disk: a take lost in a crash leaves a member in the hopper,
// checked again at its next take; the claim's commit, which waits, writes the take's out with it). The candidate's state is read in that statement, with the versions (xmin) of its
// member row and queue state, and its verdict (domain/queue/verdict.ts) decided on it: a member
// saved, claimed, called back, capped or gone out of its calling window since it was picked is not
// served. A hopper's member whose kept fields alone make it servable is claimed in that statement
// (nextCandidate); otherwise the second writes the claim with its audit rows only if the member's row is not locked
// and neither row was written since the first read them: whatever committed in between, the
// verdict stands on what is still true. Its events are sent once it has committed.
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "../db/database.ts";
import { PREPARED } from "../db/preparedStatements.ts";
import { servedWhateverFilters } from "../../domain/queue/order.ts";
import { verdictOf, type QueueGroup } from "../../domain/queue/verdict.ts";
import { claimServed, servedClaimColumns, servedClaimOf, servedClaimSql, type ServedClaimRow } from "../members/claims.repository.ts";
import { memberListConditions, type ListQuery } from "../members/members.repository.ts";
import { refreshMembers, upkeep, type QueueSetting } from "./queueState.repository.ts";
import { stateOfRow, type QueueStateRow } from "./queueStateRow.repository.ts";
import { fillHopper, hopperAfterTake, hopperKeyOf, hopperStateSql, hopperTakeSql } from "./hopper.repository.ts";
import { allOf, brandOnState, reachable, walkQuietUntil, withFilters, type QuietUntil, type WalkFilters, type WalkMoment } from "./queueWalk.repository.ts";
import { changesSoFar, foundEmpty, knownNobodyFor, rememberFill, rememberNobodyFor, rememberQuiet } from "./emptyHoppers.ts";
import type { QueueState } from "../../domain/queue/memberState.ts";
import type { ScheduledAppointment } from "../../domain/queue/practiceSchedule.ts";
import type { LiveEvent } from "../../domain/team/events.ts";
import type { AgentChanged } from "../events/events.repository.ts";
import { campaignCooldowns, cappedByCampaign, coolingDownForCampaign } from "../../domain/campaigns/campaignQueue.ts";
import type { components } from "../../contract/schema.d.ts";
import { servedMemberOf, servedMemberSql, type ServedMemberRow } from "../members/memberAnswer.ts";
import { campaignStillActive } from "../campaigns/campaigns.repository.ts";

type Member = components["schemas"]["Member"];
type SavedBy = components["schemas"]["SavedBy"];
type CampaignCooldownHours = components["schemas"]["CampaignCooldowns"];

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

/** The hopper a Next takes from: the campaign's own, or the list's filters'. */
const hopperOf = (request: NextRequest) => (request.campaign ? `campaign:${request.campaign.id}` : hopperKeyOf(request.query));

/** What a fill that found nobody is remembered by (emptyHoppers.ts): the hopper, and a campaign's targets and rules as they were. */
const fillOf = (request: NextRequest) => {
  const key = hopperOf(request);
  return { key, remembered: request.campaign ? `${key} ${JSON.stringify(request.campaign)} ${hopperKeyOf(request.query)}` : key };
};

/** Callbacks of each group asked for first: enough for the agents pressing Next at the same moment. */
const CANDIDATES = 32;
/** At most this many candidates are tried before the queue answers that nobody can be served. */
const MOST_TRIED = 512;
/** Waits and holds ended, and members an import changed, are taken up by each fill, this many at a time. */
const UPKEEP_BATCH = 500;
/** While another fill of an empty hopper runs, Next looks again this often, this many times. */
const FILL_WAIT_MS = 5;
const MOST_FILL_WAITS = 400;

/**
 * The callbacks' groups of the order, each with the SQL of its members in its order. Filters on
 * the queue state alone (a campaign's brand) read no member row: anyone's overdue callbacks are
 * looked at by every Next, most of them outside the filters.
 */
function callbackGroupsOf(request: Omit<NextRequest, "query">, { onState, onMember }: WalkFilters, take: number, also: RawBuilder<boolean>): RawBuilder<unknown>[] {
  const { userId, now, claimsNow } = request;
  const callbacks = (group: QueueGroup, due: RawBuilder<unknown>) => {
    const filtered = !servedWhateverFilters(group);
    return sql`
    select q.member_id, row_number() over (order by c.due_at, c.member_id) as place from callbacks c
    join queue_state q on q.member_id = c.member_id ${filtered ? withFilters(onMember) : sql``}
    where c.status = 'open' and ${due} and ${reachable(request)} and (q.held_until is null or q.held_until <= ${claimsNow}) and ${also}
      and ${filtered ? allOf(onState) : sql`true`}
    order by c.due_at, c.member_id limit ${take}`;
  };
  return [
    callbacks("yourCallback", sql`c.owner_id = ${userId} and c.due_at <= ${now}`),
    callbacks("overdueCallback", sql`c.owner_id is distinct from ${userId} and coalesce(c.owner_until, c.due_at) <= ${now}`),
  ];
}

/**
 * The next candidate, locked: the first due callback's member (its groups in order, `take` of each,
 * those `tried` left out) whose row is not locked by another transaction; else the hopper's first
 * member, taken from it. Its queue state and result are read with it (null when its row is locked
 * or it has none). Served for a campaign, whether the campaign is still active is read in the same
 * statement, and nothing is taken from a paused one (the claim checks it again, under its row's
 * lock). "paused" then; undefined when there is no candidate: no due callback is free and the
 * hopper is empty.
 *
 * Not served for a campaign, a hopper's member whose state the verdict serves by its kept fields
 * alone (servedByItsFields: the fields its walk picked it by, still so under its row's lock) and
 * still under the filters is claimed in the same statement: `served` then. Its commit then waits for
 * the disk, as the claim's does; a take alone does not. (Served for a campaign, the claim holds the
 * campaign's row until it is written: twenty agents' takes holding it through their claims cost
 * more than the statement they save.)
 */
async function nextCandidate(db: Kysely<Database>, key: string, request: NextRequest, filters: WalkFilters, tried: readonly number[], setting: QueueSetting) {
  const notTried = sql<boolean>`not (c.member_id = any(${tried as number[]}::int[]))`;
  const branches = callbackGroupsOf(request, filters, CANDIDATES, notTried).map(
    (members, group) => sql`select ${group}::int as grp, place, member_id from (${members}) g${sql.raw(String(group))}`,
  );
  const active = request.campaign ? sql`exists (select 1 from campaigns where id = ${request.campaign.id} and state = 'active')` : sql`true`;
  const by = { userId: request.userId, sessionId: request.sessionId };
  const claimParts = !request.campaign
    ? {
        ctes: sql`servable as (
          select s.member_id from candidate c join s on s.member_id = c.member_id
          where not c.by_callback and s.in_targets and not s.stale and s.blocked is null and s.callback_due_at is null
            and (s.ready_at is null or s.ready_at <= ${request.now})
        ), ${servedClaimSql(sql`select member_id from servable`, by, request.claimsNow, request.address)},
        flushed as (select set_config('synchronous_commit', case when exists (select 1 from claim) then 'on' else 'off' end, true))`,
        columns: sql`, (select to_json(served) from (select ${servedClaimColumns(servedMemberSql(sql<number>`(select member_id from claim)`, request.claimsNow, setting.groupZone))}) served) as served`,
      }
    : { ctes: sql`flushed as (select set_config('synchronous_commit', 'off', true))`, columns: sql`` };
  const { rows } = await sql<CandidateRow>`${PREPARED}
    with working as (select ${active} as active),
    due as (${sql.join(branches, sql` union all `)}),
    callback as (
      select d.member_id from due d join members m on m.id = d.member_id
      where (select active from working)
      order by d.grp, d.place limit 1 for update of m skip locked
    ), taken as (${hopperTakeSql(key, request, sql<boolean>`exists (select 1 from callback) or not (select active from working)`)}),
    candidate as (select member_id, true as by_callback from callback union all select member_id, false from taken),
    s as (select s.* from candidate c, lateral (
      select q.*, to_char(q.recare_due, 'YYYY-MM-DD') as recare_due, w.result as member_result, ${MEMBER_VERSION} as member_version, q.xmin::text as state_version,
        (c.by_callback or ${allOf([...filters.onState, ...filters.onMember])}) as in_targets
      from members m join queue_state q on q.member_id = m.id join member_work w on w.member_id = m.id
      where m.id = c.member_id for update of m skip locked) s),
    ${claimParts.ctes}
    select w.active as working, c.member_id as candidate_id, c.by_callback, s.*, ${hopperStateSql(key)} ${claimParts.columns}
    from flushed, working w left join (candidate c left join s on s.member_id = c.member_id) on true`.execute(db);
  const row = rows[0]!;
  if (!row.working) return "paused";
  if (row.candidate_id === null) return undefined;
  const hopper = row.by_callback ? undefined : hopperAfterTake(row, request, lastFilled.get(db)?.get(key));
  const state = row.member_id === null ? undefined : row;
  const served = row.served && state ? servedAtTake(row.served, state, request, setting) : undefined;
  return { memberId: row.candidate_id, byCallback: row.by_callback, state, hopper, served };
}

/** The member claimed in its take's statement, served in the queue's group as its kept fields say. */
function servedAtTake(row: ServedClaimRow<ServedMemberRow>, state: QueueStateRow, request: NextRequest, setting: QueueSetting): Served {
  const { claimed, answer, notices } = servedClaimOf(row, request.userId);
  return { memberId: state.member_id, group: "queue", state: stateOfRow(state, setting.groupZone), notices, ...servedMemberOf(answer, claimed, setting.groupZone) };
}

type CandidateRow = QueueStateRow & {
  /** False when served for a campaign that is no longer active. */
  working: boolean;
  /**
   * Whether the hopper's member still matches the filters (a campaign's targets) as its rows are
   * now: it was picked under them ahead of time, and its brand, MCO or status may have changed since.
   * The claim is written only if its rows were not written after this read (unchangedSince).
   */
  in_targets: boolean;
  candidate_id: number | null;
  by_callback: boolean;
  member_result: string;
  /** The transactions that last wrote the member's row and its queue state: the claim is written only if neither wrote since. */
  member_version: string;
  state_version: string;
  /** The claim written in the take's statement, and the member's row read beside it; null when none was. */
  served?: ServedClaimRow<ServedMemberRow> | null;
  hopper_left: number;
  hopper_filled_at: Date | null;
  hopper_zones: string | null;
};
type Candidate = Exclude<Awaited<ReturnType<typeof nextCandidate>>, "paused" | undefined>;

/**
 * Serves the caller the first member still servable, claimed for them, with the place it had;
 * undefined when none is. Nobody is, without a look, when the calling window is closed everywhere.
 * A candidate that is not servable after all, or changed before its claim, is let go; a hopper's
 * is gone from it (a fill adds it again if the walk still holds it), a callback's is not asked
 * for again. An empty hopper is filled before answering that nobody is eligible, by this Next or,
 * when another is filling it, by that one; unless this instance filled it a moment ago and found
 * nobody, with nothing since that could make someone eligible (emptyHoppers.ts). A caller who found
 * no callback either is answered without a look until one could fall due.
 */
export async function serveNext(db: Kysely<Database>, request: NextRequest, setting: QueueSetting): Promise<Served | undefined> {
  if (request.openZones.length === 0) return undefined;
  // The caller found nobody a moment ago, callbacks and hopper, with nothing since that could change it.
  const remembered = fillOf(request).remembered;
  if (!request.campaign && knownNobodyFor(db, remembered, request.userId, request) && foundEmpty(db, remembered, request) === "fresh") return undefined;
  const { onState, memberQuery } = brandOnState(request.query);
  const onMember = await memberListConditions(db, memberQuery);
  // A member whose result reached the campaign's goal leaves its queue (read again at the take).
  const goal = request.campaign?.goalResult;
  if (goal) onMember.push(sql<boolean>`not exists (select 1 from member_work gw where gw.member_id = m.id and gw.result = ${goal})`);
  const filters = { onState, onMember };
  // The hopper's walk also leaves out the members the campaign's own rules hold back.
  const walkFilters = { onState, onMember: [...onMember, ...campaignWalkRules(request)] };
  const hopper = fillOf(request);
  const { key } = hopper;
  const changes = changesSoFar(db);
  const tried: number[] = [];
  let waits = 0;
  while (tried.length < MOST_TRIED) {
      const candidate = await nextCandidate(db, key, request, filters, tried, setting);
      if (candidate === "paused") return undefined;
      if (candidate) {
        tried.push(candidate.memberId);
        if (candidate.hopper?.wantsFill) fillInBackground(db, hopper, walkFilters, request, setting);
        if (candidate.served) return candidate.served;
        const served = await serveCandidate(db, candidate, request, setting);
        if (served) return served;
        continue;
      }
      // Filled a moment ago and found nobody, with nothing since that could make someone eligible.
      const empty = foundEmpty(db, hopper.remembered, request);
      if (empty === "stale") lookAgainInBackground(db, hopper, walkFilters, request, setting);
      if (empty) {
        if (tried.length === 0 && !request.campaign) rememberNobodyFor(db, hopper.remembered, request.userId, request, changes, await callbacksQuietUntil(db, request));
        return undefined;
      }
      const held = await fill(db, hopper, walkFilters, request, setting);
      if (held === 0) return undefined;
      if (held === "busy") {
        waits += 1;
        if (waits > MOST_FILL_WAITS) return undefined;
        await new Promise((resolve) => setTimeout(resolve, FILL_WAIT_MS));
      }
    }
  return undefined;
}

/**
 * The campaign's own rules as conditions of its walk (callbacks are served whatever they say): a
 * member resting under its cooldowns, or at its attempt cap, is not picked into its hopper. A capped
 * member left in would be taken, refused, and picked again by the next fill, Next after Next.
 */
function campaignWalkRules(request: NextRequest): RawBuilder<boolean>[] {
  if (!request.campaign) return [];
  const rests = campaignCooldowns(request.campaign).map(
    ({ result, hours }) =>
      sql<boolean>`not (q.last_attempt_at > ${new Date(request.now.getTime() - hours * 3_600_000)} and exists (select 1 from member_work cw where cw.member_id = m.id and cw.result = ${result}))`,
  );
  const { attemptCap } = request.campaign;
  return attemptCap === null ? rests : [...rests, sql<boolean>`q.attempts < ${attemptCap}`];
}

type HopperOfNext = ReturnType<typeof fillOf>;

/** How many members each hopper held after this instance's last fill of it, per database: when a take asks for the next. */
const lastFilled = new WeakMap<Kysely<Database>, Map<string, number>>();

/** Ends the waits and holds that are over, works out what an import changed, then tops the hopper up. */
async function fill(db: Kysely<Database>, hopper: HopperOfNext, filters: WalkFilters, moment: WalkMoment, setting: QueueSetting) {
  const changes = changesSoFar(db);
  await upkeep(db, setting, moment.now, moment.claimsNow, UPKEEP_BATCH);
  const held = await fillHopper(db, hopper.key, filters, moment);
  if (held !== "busy") {
    rememberFill(db, hopper.remembered, moment, changes, held);
    const filled = lastFilled.get(db) ?? new Map<string, number>();
    lastFilled.set(db, filled.set(hopper.key, held));
  }
  return held;
}

/** The hoppers this instance is filling in the background, per database: one fill of each at a time. */
const filling = new WeakMap<Kysely<Database>, Map<string, Promise<void>>>();

function fillInBackground(db: Kysely<Database>, hopper: HopperOfNext, filters: WalkFilters, moment: WalkMoment, setting: QueueSetting): void {
  inBackground(db, hopper.key, async () => void (await fill(db, hopper, filters, moment, setting)));
}

/** Runs a hopper's fill (or look) in the background unless one of it is running. */
function inBackground(db: Kysely<Database>, key: string, work: () => Promise<void>): void {
  const fills = filling.get(db) ?? new Map<string, Promise<void>>();
  filling.set(db, fills);
  if (fills.has(key)) return;
  // A fill that fails (the server closing) leaves the hopper as it was: the next take asks again.
  const running = work()
    .catch(() => undefined)
    .finally(() => fills.delete(key));
  fills.set(key, running);
}

/**
 * A hopper known empty, looked at again in the background: a list's, by when the first wait or hold
 * under its filters ends (no walk while nothing can fill it but a change); when something under them
 * is free already, or for a campaign (whose rests end with time), by a fill.
 */
function lookAgainInBackground(db: Kysely<Database>, hopper: HopperOfNext, filters: WalkFilters, moment: WalkMoment, setting: QueueSetting): void {
  if (hopper.key.startsWith("campaign:")) return fillInBackground(db, hopper, filters, moment, setting);
  inBackground(db, hopper.key, async () => {
    const changes = changesSoFar(db);
    const quietUntil = await walkQuietUntil(db, moment, filters);
    if (quietUntil) rememberQuiet(db, hopper.remembered, moment, changes, quietUntil);
    else await fill(db, hopper, filters, moment, setting);
  });
}

/**
 * When a due callback could next be served to anyone, by time alone: the first open callback to
 * fall due or out of its owner's hours (the queue's clock), and the first hold on a member with an
 * open callback to end (the claims' clock).
 */
async function callbacksQuietUntil(db: Kysely<Database>, moment: WalkMoment): Promise<QuietUntil> {
  const { now, claimsNow } = moment;
  const { rows } = await sql<{ due: Date | null; released: Date | null }>`
    select least((select min(due_at) from callbacks where status = 'open' and due_at > ${now}),
        (select min(owner_until) from callbacks where status = 'open' and owner_until > ${now})) as due,
      (select min(q.held_until) from callbacks c join queue_state q on q.member_id = c.member_id
        where c.status = 'open' and q.held_until > ${claimsNow}) as released`.execute(db);
  const { due, released } = rows[0]!;
  return { now: due === null ? Infinity : new Date(due).getTime(), claims: released === null ? Infinity : new Date(released).getTime() };
}

/** Waits for the hoppers' fills running in the background on this database (a hopper looked at as it stands). */
export async function settleHopperFills(db: Kysely<Database>): Promise<void> {
  const fills = filling.get(db);
  while (fills && fills.size > 0) await Promise.all(fills.values());
}

export interface Served {
  memberId: number;
  group: QueueGroup;
  state: QueueState;
  /** The claim's events, to send once the transaction has committed. */
  notices: (LiveEvent | AgentChanged)[];
  /** The member as the list answers it, claimed, and its latest saved result. */
  member: Member;
  lastResult: SavedBy | null;
  /** The member's appointments the practice's schedule holds ("Why this member?"). */
  appointments: ScheduledAppointment[];
}

/**
 * Claims the candidate if it is servable. Its state as the candidate's statement read it decides,
 * and the claim is written only if its member row is not locked (a save in flight) and neither
 * that row nor its queue state was written since (a save, a claim, a callback, an import that
 * committed meanwhile): then nothing the verdict read has changed. A state marked stale (a save
 * committed and its state not worked out yet) is worked out first, in a transaction of its own
 * that holds the member's row until the claim is written.
 */
async function serveCandidate(db: Kysely<Database>, candidate: Candidate, request: NextRequest, setting: QueueSetting): Promise<Served | undefined> {
  const { memberId, state: row } = candidate;
  if (!row?.in_targets) return undefined;
  if (!row.stale) {
    const unchanged = unchangedSince(memberId, { member: row.member_version, state: row.state_version }, request.campaign?.id);
    return serveIfServable(db, candidate, stateOfRow(row, setting.groupZone), request, setting, unchanged);
  }
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: number }>`select id from members where id = ${memberId} for update skip locked`.execute(trx);
    if (rows.length === 0 || (request.campaign && !(await campaignStillActive(trx, request.campaign.id)))) return undefined;
    const state = (await refreshMembers(trx, [memberId], setting, request.now)).get(memberId);
    return state && serveIfServable(trx, candidate, state, request, setting);
  });
}

/**
 * The condition a claim is written under: the member's row is not locked (a save in flight) and
 * neither it nor its queue state was written since they were read at these versions (xmin); served
 * for a campaign, the campaign is still active, its row held (FOR SHARE) until the claim is written.
 */
export function unchangedSince(memberId: number, versions: { member: string; state: string }, campaignId?: number): RawBuilder<boolean> {
  const active = campaignId === undefined ? sql`` : sql`and exists (select 1 from campaigns where id = ${campaignId} and state = 'active' for share)`;
  return sql<boolean>`exists (
    select 1 from members m join queue_state q on q.member_id = m.id join member_work w on w.member_id = m.id
    where m.id = ${memberId} and ${MEMBER_VERSION} = ${versions.member} and q.xmin::text = ${versions.state}
    for update of m skip locked) ${active}`;
}

/** The version of a member's rows `m` and `w`: its member row and its worked row (a saved result or note writes only that, migration 0054). */
export const MEMBER_VERSION = sql<string>`m.xmin::text || '/' || w.xmin::text`;

async function serveIfServable(
  db: Kysely<Database>,
  candidate: Candidate,
  state: QueueState,
  request: NextRequest,
  setting: QueueSetting,
  unchanged?: RawBuilder<boolean>,
): Promise<Served | undefined> {
  const { memberId, state: row } = candidate;
  if (!row) return undefined;
  const held = row.held_until !== null && new Date(row.held_until) > request.claimsNow;
  const verdict = verdictOf(state, { now: request.now.getTime(), callerId: request.userId, claimed: held, inWindow: request.openZones.includes(state.timeZone) });
  if (!verdict.served) return undefined;
  const isCallback = verdict.group === "yourCallback" || verdict.group === "overdueCallback";
  if (request.campaign && cappedByCampaign(request.campaign, state.attempts, isCallback)) return undefined;
  if (request.campaign) {
    if (row.member_result === request.campaign.goalResult) return undefined;
    if (coolingDownForCampaign(request.campaign, { result: row.member_result, lastAttemptAt: state.lastAttemptAt, isCallback }, request.now.getTime())) return undefined;
  }
  // The campaign a Next served the member for rides on its claim (a callback of the caller's own is not the campaign's).
  const by = { userId: request.userId, sessionId: request.sessionId, campaignId: verdict.group === "yourCallback" ? undefined : request.campaign?.id };
  const claimed = await claimServed(db, memberId, by, request.claimsNow, request.address, servedMemberSql(memberId, request.claimsNow, setting.groupZone), unchanged);
  return claimed && { memberId, group: verdict.group, state, notices: claimed.notices, ...servedMemberOf(claimed.answer, claimed.claimed, setting.groupZone) };
}
