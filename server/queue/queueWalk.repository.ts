// The SQL of the queue's walk (openapi.yaml nextMember, the "queue" group): members nothing holds
// back or makes wait, in the queue's order (domain/queue/order.ts), found through
// queue_state_walk_idx, with the members whose wait or claim ended since the last sweep (few: fills
// sweep). The hopper is filled from it; the callbacks' groups are read apart (next.repository.ts).
import { sql, type RawBuilder } from "kysely";
import { QUEUE_ORDER } from "../../domain/queue/order.ts";

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

/** The list's filters as a join of `q` to its member. */
export const withFilters = (filters: RawBuilder<boolean>[]) => (filters.length > 0 ? sql`join members m on m.id = q.member_id and ${sql.join(filters, sql` and `)}` : sql``);

/** Members of queue_state `q` in an open zone and nothing holding them for good. */
export const reachable = (moment: WalkMoment) => sql<boolean>`q.blocked is null and q.time_zone = any(${moment.openZones}::text[])`;

/** The first `take` members of the walk under the filters (and `also`), as (member_id, place) in the queue's order. */
export function queueWalk(moment: WalkMoment, filters: RawBuilder<boolean>[], take: number, also: RawBuilder<boolean> = sql`true`): RawBuilder<{ member_id: number; place: number }> {
  const { now, claimsNow } = moment;
  const ended = sql`(q.ready_at <= ${now} or q.held_until <= ${claimsNow})
    and (q.ready_at is null or q.ready_at <= ${now}) and (q.held_until is null or q.held_until <= ${claimsNow})`;
  return sql`
    select member_id, row_number() over (order by ${queueOrder}) as place from (
      (select q.member_id, q.rank, q.recare_due, q.attempts, q.last_attempt_at from queue_state q ${withFilters(filters)}
        where ${reachable(moment)} and q.ready_at is null and q.held_until is null and not q.stale and ${also} order by ${queueOrder} limit ${take})
      union all
      (select q.member_id, q.rank, q.recare_due, q.attempts, q.last_attempt_at from queue_state q ${withFilters(filters)}
        where ${reachable(moment)} and not q.stale and ${ended} and ${also} order by ${queueOrder} limit ${take})
    ) q order by ${queueOrder} limit ${take}`;
}
