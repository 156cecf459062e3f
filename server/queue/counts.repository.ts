// The queue's counts (openapi.yaml getQueueCounts) on the database: members grouped by what the
// verdict reads of them at this moment (what holds them for good, their zone, and whether each of
// their stored instants is still ahead), counted in one pass; domain/queue/verdict.ts then judges
// one state of each group, so the reasons and their order stay written once.
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import type { components } from "../../contract/schema.d.ts";
import { queueCounter } from "../../domain/queue/counts.ts";
import type { BlockedReason, QueueState } from "../../domain/queue/memberState.ts";
import { verdictOf } from "../../domain/queue/verdict.ts";
import type { QueueSetting } from "./queueState.repository.ts";
import { memberListConditions, type ListQuery } from "../members/members.repository.ts";

interface GroupRow {
  blocked: BlockedReason | null;
  time_zone: string | null;
  has_callback: boolean;
  own_callback: boolean;
  before_due: boolean;
  before_owner_until: boolean;
  held: boolean;
  attempts_wait: boolean;
  cooling: boolean;
  next_ready: Date | null;
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

export async function queueCounts(db: Kysely<Database>, request: CountsRequest, setting: QueueSetting): Promise<components["schemas"]["QueueCounts"]> {
  const { userId, openZones, now, claimsNow } = request;
  const filters = await memberListConditions(db, request.query);
  const members = filters.length > 0 ? sql`join members m on m.id = q.member_id where ${sql.join(filters, sql` and `)}` : sql``;
  const { rows } = await sql<GroupRow>`
    select q.blocked, q.time_zone, q.callback_due_at is not null as has_callback,
      coalesce(q.callback_owner = ${userId}, false) as own_callback,
      coalesce(q.callback_due_at > ${now}, false) as before_due,
      coalesce(coalesce(q.callback_owner_until, q.callback_due_at) > ${now}, false) as before_owner_until,
      coalesce(q.held_until > ${claimsNow}, false) as held,
      coalesce(q.attempts_resume_at > ${now}, false) as attempts_wait,
      coalesce(q.cooldown_ends_at > ${now}, false) as cooling,
      min(q.ready_at) filter (where q.ready_at > ${now}) as next_ready,
      count(*) as n
    from queue_state q ${members}
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9`.execute(db);
  const at = now.getTime();
  // Each stored instant stands for itself by which side of now it is on.
  const side = (ahead: boolean) => (ahead ? at + 1 : at);
  const counter = queueCounter(at, setting.rules);
  for (const row of rows) {
    const state: QueueState = {
      blocked: row.blocked,
      timeZone: row.time_zone ?? setting.groupZone,
      rank: 0,
      recareDue: null,
      attempts: 0,
      lastAttemptAt: null,
      attemptsResumeAt: row.attempts_wait ? at + 1 : null,
      cooldownEndsAt: row.cooling ? at + 1 : null,
      callback: row.has_callback ? { dueAt: side(row.before_due), ownerId: row.own_callback ? userId : -1, ownerUntil: side(row.before_owner_until) } : null,
      readyAt: row.next_ready === null ? null : new Date(row.next_ready).getTime(),
    };
    const verdict = verdictOf(state, { now: at, callerId: userId, claimed: row.held, inWindow: openZones.includes(state.timeZone) });
    counter.add(state, verdict, Number(row.n));
  }
  return counter.counts();
}
