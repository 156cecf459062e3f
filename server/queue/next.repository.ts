// Next (openapi.yaml nextMember) on the database: candidates in the queue's order, found through
// indexes (the caller's due callbacks, whatever the list's filters, then anyone's overdue ones,
// then one walk of queue_state_walk_idx), then the first one whose member row can be locked
// without waiting (SKIP LOCKED: another agent's Next, or a save, has it) and whose verdict
// (domain/queue/verdict.ts) still serves it, claimed in the same transaction. Twenty agents at once each lock a different member. PGlite runs one
// transaction at a time, so there the lock is never contended.
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "../db/database.ts";
import { QUEUE_ORDER, servedWhateverFilters } from "../../domain/queue/order.ts";
import { verdictOf, type QueueGroup } from "../../domain/queue/verdict.ts";
import { claimMember } from "../members/claims.repository.ts";
import { memberListConditions, type ListQuery } from "../members/members.repository.ts";
import { audit } from "../audit.repository.ts";
import { refreshMembers, type QueueSetting } from "./queueState.repository.ts";
import { lockedStateRowOf, stateOfRow } from "./queueStateRow.repository.ts";
import type { QueueState } from "../../domain/queue/memberState.ts";

export interface NextRequest {
  userId: number;
  /** The caller's session: the claim of the member served ends with it. */
  sessionId: string;
  address: string;
  /** The list's filters and search. */
  query: ListQuery;
  /** The zones whose calling window is open now. */
  openZones: string[];
  /** The queue's clock, and the claims' (the same but in demonstrations of the demo data). */
  now: Date;
  claimsNow: Date;
}

/** Candidates of each group asked for first: enough for the agents pressing Next at the same moment. */
const CANDIDATES = 32;
/** At most this many candidates are tried before the queue answers that nobody can be served. */
const MOST_TRIED = 512;

/** queue_state column of each key of the order (domain/queue/order.ts). */
const ORDER_COLUMNS = { rank: "rank", recareDue: "recare_due", attempts: "attempts", lastAttemptAt: "last_attempt_at", memberId: "member_id" } as const;
const queueOrder = sql.join(QUEUE_ORDER.map(({ key, nulls }) => sql`${sql.ref(`q.${ORDER_COLUMNS[key]}`)} asc nulls ${sql.raw(nulls)}`));

const withFilters = (filters: RawBuilder<boolean>[]) => (filters.length > 0 ? sql`join members m on m.id = q.member_id and ${sql.join(filters, sql` and `)}` : sql``);

/** The groups of the order, each with the SQL of its members in its order. */
function groupsOf(request: Omit<NextRequest, "query">, filters: RawBuilder<boolean>[], take: number): RawBuilder<unknown>[] {
  const { userId, now, claimsNow, openZones } = request;
  const reachable = sql`q.blocked is null and q.time_zone = any(${openZones}::text[])`;
  const callbacks = (group: QueueGroup, due: RawBuilder<unknown>) => sql`
    select q.member_id, row_number() over (order by c.due_at, c.member_id) as place from callbacks c
    join queue_state q on q.member_id = c.member_id ${servedWhateverFilters(group) ? sql`` : withFilters(filters)}
    where c.status = 'open' and ${due} and ${reachable} and (q.held_until is null or q.held_until <= ${claimsNow})
    order by c.due_at, c.member_id limit ${take}`;
  // The walk, and the members whose wait or claim ended since the last sweep (few: Next sweeps).
  const ended = sql`(q.ready_at <= ${now} or q.held_until <= ${claimsNow})
    and (q.ready_at is null or q.ready_at <= ${now}) and (q.held_until is null or q.held_until <= ${claimsNow})`;
  const queued = sql`
    select member_id, row_number() over (order by ${queueOrder}) as place from (
      (select q.member_id, q.rank, q.recare_due, q.attempts, q.last_attempt_at from queue_state q ${withFilters(filters)}
        where ${reachable} and q.ready_at is null and q.held_until is null and not q.stale order by ${queueOrder} limit ${take})
      union all
      (select q.member_id, q.rank, q.recare_due, q.attempts, q.last_attempt_at from queue_state q ${withFilters(filters)}
        where ${reachable} and not q.stale and ${ended} order by ${queueOrder} limit ${take})
    ) q order by ${queueOrder} limit ${take}`;
  return [
    callbacks("yourCallback", sql`c.owner_id = ${userId} and c.due_at <= ${now}`),
    callbacks("overdueCallback", sql`c.owner_id is distinct from ${userId} and coalesce(c.owner_until, c.due_at) <= ${now}`),
    queued,
  ];
}

/** The first `take` members of each group, in the queue's order: one statement for the three. */
async function candidatesOf(db: Kysely<Database>, request: Omit<NextRequest, "query">, filters: RawBuilder<boolean>[], take: number): Promise<number[]> {
  const branches = groupsOf(request, filters, take).map((members, group) => sql`select ${group}::int as grp, place, member_id from (${members}) g${sql.raw(String(group))}`);
  const { rows } = await sql<{ member_id: number }>`${sql.join(branches, sql` union all `)} order by grp, place`.execute(db);
  return rows.map((row) => row.member_id);
}

/**
 * Serves the caller the first candidate still servable, claimed for them, with the place it had;
 * undefined when none is. Each try is a transaction of its own, so a candidate that is not
 * servable after all is let go at once; when every candidate of a round was taken by others, the
 * next round asks for more.
 */
export async function serveNext(db: Kysely<Database>, request: NextRequest, setting: QueueSetting): Promise<Served | undefined> {
  const tried = new Set<number>();
  const filters = await memberListConditions(db, request.query);
  for (let take = CANDIDATES; tried.size < MOST_TRIED; take *= 4) {
    const candidates = await candidatesOf(db, request, filters, take);
    for (const memberId of candidates) {
      if (tried.has(memberId)) continue;
      tried.add(memberId);
      const served = await tryToServe(db, memberId, request, setting);
      if (served) return served;
    }
    if (candidates.length < take) return undefined;
  }
  return undefined;
}

export interface Served {
  memberId: number;
  group: QueueGroup;
  state: QueueState;
}

async function tryToServe(db: Kysely<Database>, memberId: number, request: NextRequest, setting: QueueSetting): Promise<Served | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await lockedStateRowOf(trx, memberId);
    if (!row) return undefined;
    const state = row.stale ? (await refreshMembers(trx, [memberId], setting, request.now)).get(memberId) : stateOfRow(row, setting.groupZone);
    if (!state) return undefined;
    const claimed = row.held_until !== null && new Date(row.held_until) > request.claimsNow;
    const verdict = verdictOf(state, { now: request.now.getTime(), callerId: request.userId, claimed, inWindow: request.openZones.includes(state.timeZone) });
    if (!verdict.served) return undefined;
    const outcome = await claimMember(trx, memberId, { userId: request.userId, sessionId: request.sessionId }, request.claimsNow, request.address);
    if (!("claimed" in outcome)) return undefined;
    await audit(trx, { userId: request.userId, action: "nextMember", memberIds: [memberId], address: request.address });
    return { memberId, group: verdict.group, state };
  });
}
