// The queue's counts (openapi.yaml getQueueCounts) on the database: members grouped by what the
// verdict reads of them at this moment (what holds them for good, their zone, and which side of
// now each stored instant is on), and domain/queue/verdict.ts judges one state of each group, so
// the reasons and their order stay written once. Under no filter, or practices only (the usual:
// an agent's practices, a region), only the members whose verdict depends on the moment or the
// caller (waiting, held, or with a callback: few) are read one by one; the rest, most members,
// come from queue_counts, kept per practice by migration 0024's triggers. Other filters read every
// member they keep.
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "../db/database.ts";
import type { components } from "../../contract/schema.d.ts";
import { queueCounter } from "../../domain/queue/counts.ts";
import type { BlockedReason, QueueState } from "../../domain/queue/memberState.ts";
import { verdictOf } from "../../domain/queue/verdict.ts";
import type { QueueSetting } from "./queueState.repository.ts";
import { memberListConditions, type ListQuery } from "../members/members.repository.ts";

export interface GroupRow {
  blocked: BlockedReason | null;
  time_zone: string | null;
  has_callback: boolean;
  /** Whose the callback is: the caller's own counts apart (the rows are the same for every caller). */
  callback_owner: number | null;
  before_due: boolean;
  before_owner_until: boolean;
  held: boolean;
  attempts_wait: boolean;
  cooling: boolean;
  next_ready: Date | null;
  /** When the group's members next change sides of the queue's clock (a wait, a callback, a rest ending), and of the claims' (a hold ending): the counts hold till then. */
  next_turn: Date | null;
  next_release: Date | null;
  n: string;
}

export interface CountsRequest {
  userId: number;
  /** The list's filters and search. */
  query: ListQuery;
  openZones: string[];
  now: Date;
  claimsNow: Date;
}

/** Whether nothing but practices (by id or region) narrows the list. */
const practicesOnly = (query: ListQuery) =>
  [query.company, query.status, query.priority, query.mco].every((value) => value === undefined || value === "all") &&
  (query.result === undefined || query.result === "all") &&
  !query.dentistFirstName &&
  !query.search?.trim();

const ACTIVE = sql`(q.ready_at is not null or q.held_until is not null or q.callback_due_at is not null)`;

function groupsOf(request: QueueMoment, from: RawBuilder<unknown>, where: RawBuilder<boolean>) {
  const { now, claimsNow } = request;
  return sql<GroupRow>`
    select q.blocked, q.time_zone, q.callback_due_at is not null as has_callback,
      case when q.callback_due_at is not null then q.callback_owner end as callback_owner,
      coalesce(q.callback_due_at > ${now}, false) as before_due,
      coalesce(coalesce(q.callback_owner_until, q.callback_due_at) > ${now}, false) as before_owner_until,
      coalesce(q.held_until > ${claimsNow}, false) as held,
      coalesce(q.attempts_resume_at > ${now}, false) as attempts_wait,
      coalesce(q.cooldown_ends_at > ${now}, false) as cooling,
      min(q.ready_at) filter (where q.ready_at > ${now}) as next_ready,
      least(min(q.ready_at) filter (where q.ready_at > ${now}), min(q.callback_due_at) filter (where q.callback_due_at > ${now}),
        min(q.callback_owner_until) filter (where q.callback_owner_until > ${now}), min(q.attempts_resume_at) filter (where q.attempts_resume_at > ${now}),
        min(q.cooldown_ends_at) filter (where q.cooldown_ends_at > ${now})) as next_turn,
      min(q.held_until) filter (where q.held_until > ${claimsNow}) as next_release,
      count(*) as n
    from ${from} where ${where}
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9`;
}

/** What the groups are read under: everything of a counts request but its caller. */
export type QueueMoment = Omit<CountsRequest, "userId">;

/**
 * The groups of the members under the filters: every one read, or the active ones read and the
 * rest from queue_counts. The same for every caller (queueCountsOf counts them for one).
 */
export async function queueGroups(db: Kysely<Database>, request: QueueMoment): Promise<GroupRow[]> {
  const { query } = request;
  if (!practicesOnly(query)) {
    const filters = await memberListConditions(db, query);
    const where = filters.length > 0 ? sql<boolean>`${sql.join(filters, sql` and `)}` : sql<boolean>`true`;
    return (await groupsOf(request, sql`queue_state q join members m on m.id = q.member_id`, where).execute(db)).rows;
  }
  const practices = query.practice && query.practice !== "all" ? query.practice.split(",").map(Number) : undefined;
  const inRegion = query.region && query.region !== "all" ? sql`(select p.id from practices p join regions r on r.id = p.region_id where r.name = ${query.region})` : undefined;
  const scope = (column: RawBuilder<unknown>) => {
    const conditions: RawBuilder<boolean>[] = [sql`true`];
    if (practices) conditions.push(sql`${column} = any(${practices}::int[])`);
    if (inRegion) conditions.push(sql`${column} in ${inRegion}`);
    return sql<boolean>`${sql.join(conditions, sql` and `)}`;
  };
  const [{ rows: active }, { rows: totals }] = await Promise.all([
    groupsOf(request, sql`queue_state q`, sql<boolean>`${ACTIVE} and ${scope(sql.ref("q.practice_id"))}`).execute(db),
    sql<{ blocked: string; time_zone: string; n: string }>`
      select blocked, time_zone, sum(n) as n from queue_counts c where ${scope(sql.ref("c.practice_id"))} group by 1, 2`.execute(db),
  ]);
  // The members that neither wait, nor are held, nor have a callback: their totals less the active ones.
  const key = (blocked: string | null, zone: string | null) => `${blocked ?? ""}\u0000${zone ?? ""}`;
  const quiet = new Map(totals.map((row) => [key(row.blocked, row.time_zone), Number(row.n)]));
  for (const row of active) quiet.set(key(row.blocked, row.time_zone), (quiet.get(key(row.blocked, row.time_zone)) ?? 0) - Number(row.n));
  const rest = totals.map((row): GroupRow => {
    const n = quiet.get(key(row.blocked, row.time_zone)) ?? 0;
    return { blocked: (row.blocked || null) as BlockedReason | null, time_zone: row.time_zone || null, has_callback: false, callback_owner: null, before_due: false, before_owner_until: false, held: false, attempts_wait: false, cooling: false, next_ready: null, next_turn: null, next_release: null, n: String(n) };
  });
  return [...active, ...rest.filter((row) => Number(row.n) > 0)];
}

export async function queueCounts(db: Kysely<Database>, request: CountsRequest, setting: QueueSetting): Promise<components["schemas"]["QueueCounts"]> {
  return queueCountsOf(await queueGroups(db, request), request, setting);
}

/** The counts of the groups (queueGroups) for the caller of the request. */
export function queueCountsOf(groups: readonly GroupRow[], request: CountsRequest, setting: QueueSetting): components["schemas"]["QueueCounts"] {
  const { userId, openZones } = request;
  const at = request.now.getTime();
  // Each stored instant stands for itself by which side of now it is on.
  const side = (ahead: boolean) => (ahead ? at + 1 : at);
  const counter = queueCounter(at, setting.rules);
  for (const row of groups) {
    const state: QueueState = {
      blocked: row.blocked,
      timeZone: row.time_zone ?? setting.groupZone,
      rank: 0,
      recareDue: null,
      attempts: 0,
      lastAttemptAt: null,
      attemptsResumeAt: row.attempts_wait ? at + 1 : null,
      cooldownEndsAt: row.cooling ? at + 1 : null,
      callback: row.has_callback ? { dueAt: side(row.before_due), ownerId: row.callback_owner === userId ? userId : -1, ownerUntil: side(row.before_owner_until) } : null,
      readyAt: row.next_ready === null ? null : new Date(row.next_ready).getTime(),
    };
    const verdict = verdictOf(state, { now: at, callerId: userId, claimed: row.held, inWindow: openZones.includes(state.timeZone) });
    counter.add(state, verdict, Number(row.n));
  }
  return counter.counts();
}
