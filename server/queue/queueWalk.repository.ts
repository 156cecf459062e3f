// The SQL of the queue's walk (openapi.yaml nextMember, the "queue" group): members nothing holds
// back or makes wait, in the queue's order (domain/queue/order.ts), found through
// queue_state_walk_idx, with the members whose wait or claim ended since the last sweep (few: fills
// sweep). The hopper is filled from it; the callbacks' groups are read apart (next.repository.ts).
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "../db/database.ts";
import { QUEUE_ORDER } from "../../domain/queue/order.ts";
import { listFilterValues } from "../../domain/members/listFilters.ts";
import type { ListQuery } from "../members/members.repository.ts";

/** What the walk depends on at the moment of asking. */
export interface WalkMoment {
  /** The zones whose calling window is open now. */
  openZones: string[];
  /** The queue's clock, and the claims'. */
  now: Date;
  claimsNow: Date;
}

/** queue_state column of each key of the order (domain/queue/order.ts). */
const ORDER_COLUMNS = { rank: "rank", recareDue: "recare_due", attempts: "attempts", lastAttemptAt: "last_attempt_at", memberId: "member_id" } as const;
const queueOrder = sql.join(QUEUE_ORDER.map(({ key, nulls }) => sql`${sql.ref(`q.${ORDER_COLUMNS[key]}`)} asc nulls ${sql.raw(nulls)}`));

/**
 * The walk's conditions: those on queue_state `q` alone, and those on its member `m` (a join to
 * `members`, one member row read per member walked).
 */
export interface WalkFilters {
  onState: RawBuilder<boolean>[];
  onMember: RawBuilder<boolean>[];
}

/**
 * The list's brand filter on queue_state's own copy of the brand (migration 0058): a walk under one
 * brand then goes down that brand's walk index, in the queue's order, and reads no member row for
 * it. What is left of the query filters on the member.
 */
export function brandOnState(query: ListQuery): { onState: RawBuilder<boolean>[]; memberQuery: ListQuery } {
  const brands = listFilterValues(query.company);
  if (!brands) return { onState: [], memberQuery: query };
  const brand = brands.length === 1 ? sql<boolean>`q.company = ${brands[0]}` : sql<boolean>`q.company = any(${brands}::text[])`;
  return { onState: [brand], memberQuery: { ...query, company: undefined } };
}

/** The filters as one condition (true when there are none). */
export const allOf = (filters: RawBuilder<boolean>[]) => (filters.length > 0 ? sql<boolean>`${sql.join(filters, sql` and `)}` : sql<boolean>`true`);

/** The list's filters as a join of `q` to its member. */
export const withFilters = (filters: RawBuilder<boolean>[]) => (filters.length > 0 ? sql`join members m on m.id = q.member_id and ${sql.join(filters, sql` and `)}` : sql``);

/** Members of queue_state `q` in an open zone and nothing holding them for good. */
export const reachable = (moment: WalkMoment) => sql<boolean>`q.blocked is null and q.time_zone = any(${moment.openZones}::text[])`;

/**
 * How the walk finds its members under filters. "index": down queue_state_walk_idx, each member's
 * row checked against the filters, until `take` pass (no filters, or filters that many pass).
 * "ahead": the same, but over the index's first WALK_AHEAD members only: a filter few eligible
 * members pass (a result whose members are all done with) would otherwise be checked against the
 * whole index, most of a million members' rows, for nothing. "matching": the members the filters
 * keep found first through their own indexes (planned on their own, as a materialized CTE, not as
 * a walk that a LIMIT prefers), then ordered: as costly as the filters are wide.
 */
export type WalkWay = "index" | "ahead" | "matching";

/** Members of the walk's index the "ahead" way looks at: far more than a hopper's fill takes under a practice's filter. */
export const WALK_AHEAD = 20_000;

const WALK_COLUMNS = sql`q.member_id, q.rank, q.recare_due, q.attempts, q.last_attempt_at`;

/** The first `take` members of the walk under the filters (and `also`), as (member_id, place) in the queue's order. */
export function queueWalk(
  moment: WalkMoment,
  filters: RawBuilder<boolean>[],
  take: number,
  also: RawBuilder<boolean> = sql`true`,
  way: WalkWay = "index",
): RawBuilder<{ member_id: number; place: number }> {
  const { now, claimsNow } = moment;
  const ended = sql`(q.ready_at <= ${now} or q.held_until <= ${claimsNow})
    and (q.ready_at is null or q.ready_at <= ${now}) and (q.held_until is null or q.held_until <= ${claimsNow})`;
  const free = sql`${reachable(moment)} and q.ready_at is null and q.held_until is null and not q.stale and ${also}`;
  const walked = {
    index: sql`select ${WALK_COLUMNS} from queue_state q ${withFilters(filters)} where ${free} order by ${queueOrder} limit ${take}`,
    ahead: sql`select ${WALK_COLUMNS} from (select q.* from queue_state q where ${free} order by ${queueOrder} limit ${WALK_AHEAD}) q
      join members m on m.id = q.member_id where ${allOf(filters)} order by ${queueOrder} limit ${take}`,
    matching: sql`select * from matching q order by ${queueOrder} limit ${take}`,
  }[way];
  const matching = sql`with matching as materialized (select ${WALK_COLUMNS} from queue_state q ${withFilters(filters)} where ${free})`;
  return sql`${way === "matching" ? matching : sql``}
    select member_id, row_number() over (order by ${queueOrder}) as place from (
      (${walked})
      union all
      (select ${WALK_COLUMNS} from queue_state q ${withFilters(filters)}
        where ${reachable(moment)} and not q.stale and ${ended} and ${also} order by ${queueOrder} limit ${take})
    ) q order by ${queueOrder} limit ${take}`;
}

/**
 * Until when (ms) nothing can change by time alone: on the queue's clock (waits ending, callbacks
 * falling due) and on the claims' (holds ending). Infinity when nothing is waiting.
 */
export interface QuietUntil {
  now: number;
  claims: number;
}

/**
 * When, by time alone, the walk under the filters could next find a member: the first wait to end
 * (ready_at, on the queue's clock) and the first hold (held_until, the claims' clock) of a member in
 * an open zone that nothing holds for good. Undefined when a member under them is free already or
 * awaits its state worked out (a save's follow-up: no instant foretells what it finds).
 */
export async function walkQuietUntil(db: Kysely<Database>, moment: WalkMoment, filters: WalkFilters): Promise<QuietUntil | undefined> {
  const onState = filters.onState.length > 0 ? sql`and ${sql.join(filters.onState, sql` and `)}` : sql``;
  const { rows } = await sql<{ unsettled: boolean; ready: Date | null; released: Date | null }>`
    select coalesce(bool_or(q.stale or (q.ready_at is null and q.held_until is null)), false) as unsettled,
      min(q.ready_at) as ready, min(q.held_until) as released
    from queue_state q ${withFilters(filters.onMember)}
    where (q.stale or ${reachable(moment)}) ${onState}`.execute(db);
  const { unsettled, ready, released } = rows[0]!;
  if (unsettled) return undefined;
  const quietUntil = { now: ready === null ? Infinity : new Date(ready).getTime(), claims: released === null ? Infinity : new Date(released).getTime() };
  return quietUntil.now > moment.now.getTime() && quietUntil.claims > moment.claimsNow.getTime() ? quietUntil : undefined;
}
