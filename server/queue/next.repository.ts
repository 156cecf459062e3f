// Next (openapi.yaml nextMember) on the database: candidates in the queue's order, found through
// indexes (the caller's due callbacks, anyone's overdue ones, then one walk of queue_state_walk_idx),
// then the first one whose member row can be locked without waiting (SKIP LOCKED: another agent's
// Next, or a save, has it) and whose verdict (domain/queue/verdict.ts) still serves it, claimed in
// the same transaction. Twenty agents at once each lock a different member. PGlite runs one
// transaction at a time, so there the lock is never contended.
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "../db/database.ts";
import { QUEUE_ORDER } from "../../domain/queue/order.ts";
import { verdictOf, type QueueGroup } from "../../domain/queue/verdict.ts";
import { claimMember } from "../members/claims.repository.ts";
import { memberListConditions, type ListQuery } from "../members/members.repository.ts";
import { audit } from "../audit.ts";
import { refreshMembers, type QueueSetting } from "./queueState.repository.ts";
import { queueStateRowOf, stateOfRow } from "./queueStateRow.repository.ts";

export interface NextRequest {
  userId: number;
  address: string;
  /** The list's filters and search. */
  query: ListQuery;
  /** The zones whose calling window is open now. */
  openZones: string[];
  /** The queue's clock, and the claims' (the same but in demonstrations of the demo data). */
  now: Date;
  claimsNow: Date;
}

/** Candidates asked for at a time: enough for the agents pressing Next at the same moment. */
const CANDIDATES = 32;
/** At most this many candidates are tried before the queue answers that nobody can be served. */
const MOST_TRIED = 512;

/** queue_state column of each key of the order (domain/queue/order.ts). */
const ORDER_COLUMNS = { rank: "rank", recareDue: "recare_due", attempts: "attempts", lastAttemptAt: "last_attempt_at", memberId: "member_id" } as const;
const queueOrder = sql.join(QUEUE_ORDER.map(({ key, nulls }) => sql`${sql.ref(`q.${ORDER_COLUMNS[key]}`)} asc nulls ${sql.raw(nulls)}`));

const withFilters = (filters: RawBuilder<boolean>[]) => (filters.length > 0 ? sql`join members m on m.id = q.member_id and ${sql.join(filters, sql` and `)}` : sql``);

/** Member ids of a group, in its order, after `skip` of them. */
function candidatesOf(group: QueueGroup, request: Omit<NextRequest, "query">, filters: RawBuilder<boolean>[], skip: number): RawBuilder<{ member_id: number }> {
  const { userId, now, claimsNow, openZones } = request;
  const reachable = sql`q.blocked is null and q.time_zone = any(${openZones}::text[])`;
  if (group !== "queue") {
    const due = group === "yourCallback" ? sql`c.owner_id = ${userId} and c.due_at <= ${now}` : sql`c.owner_id is distinct from ${userId} and coalesce(c.owner_until, c.due_at) <= ${now}`;
    return sql`
      select q.member_id from callbacks c join queue_state q on q.member_id = c.member_id ${withFilters(filters)}
      where c.status = 'open' and ${due} and ${reachable} and (q.held_until is null or q.held_until <= ${claimsNow})
      order by c.due_at, c.member_id limit ${CANDIDATES} offset ${skip}`;
  }
  // The walk, and the members whose wait or claim ended since the last sweep (few: Next sweeps).
  const ended = sql`(q.ready_at <= ${now} or q.held_until <= ${claimsNow})
    and (q.ready_at is null or q.ready_at <= ${now}) and (q.held_until is null or q.held_until <= ${claimsNow})`;
  const take = CANDIDATES + skip;
  return sql`
    select member_id from (
      (select q.member_id, q.rank, q.recare_due, q.attempts, q.last_attempt_at from queue_state q ${withFilters(filters)}
        where ${reachable} and q.ready_at is null and q.held_until is null and not q.stale order by ${queueOrder} limit ${take})
      union all
      (select q.member_id, q.rank, q.recare_due, q.attempts, q.last_attempt_at from queue_state q ${withFilters(filters)}
        where ${reachable} and not q.stale and ${ended} order by ${queueOrder} limit ${take})
    ) q order by ${queueOrder} limit ${CANDIDATES} offset ${skip}`;
}

/**
 * Serves the caller the first candidate still servable, claimed for them; undefined when none is.
 * Each try is a transaction of its own, so a candidate that is not servable after all is let go at once.
 */
export async function serveNext(db: Kysely<Database>, request: NextRequest, setting: QueueSetting): Promise<{ memberId: number; group: QueueGroup } | undefined> {
  const tried = new Set<number>();
  const filters = await memberListConditions(db, request.query);
  for (const group of ["yourCallback", "overdueCallback", "queue"] as const) {
    for (let skip = 0; tried.size < MOST_TRIED; skip += CANDIDATES) {
      const { rows } = await candidatesOf(group, request, filters, skip).execute(db);
      for (const { member_id: memberId } of rows) {
        if (tried.has(memberId)) continue;
        tried.add(memberId);
        const served = await tryToServe(db, memberId, request, setting);
        if (served) return { memberId, group: served };
      }
      if (rows.length < CANDIDATES) break;
    }
  }
  return undefined;
}

async function tryToServe(db: Kysely<Database>, memberId: number, request: NextRequest, setting: QueueSetting): Promise<QueueGroup | undefined> {
  return db.transaction().execute(async (trx) => {
    const { rows: locked } = await sql`select id from members where id = ${memberId} for update skip locked`.execute(trx);
    if (locked.length === 0) return undefined;
    const row = await queueStateRowOf(trx, memberId);
    if (!row) return undefined;
    const state = row.stale ? (await refreshMembers(trx, [memberId], setting, request.now)).get(memberId) : stateOfRow(row, setting.groupZone);
    if (!state) return undefined;
    const claimed = row.held_until !== null && new Date(row.held_until) > request.claimsNow;
    const verdict = verdictOf(state, { now: request.now.getTime(), callerId: request.userId, claimed, inWindow: request.openZones.includes(state.timeZone) });
    if (!verdict.served) return undefined;
    const outcome = await claimMember(trx, memberId, request.userId, request.claimsNow, request.address);
    if (!("claimed" in outcome)) return undefined;
    await audit(trx, { userId: request.userId, action: "nextMember", memberIds: [memberId], address: request.address });
    return verdict.group;
  });
}
