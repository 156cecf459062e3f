// What the members list adds to each row of its page, read in the page's own query: the member's
// live claim, its open callback, its queue state (attempts, time zone) and, for a do-not-call
// result, who saved the member's latest result when. One statement for the page rather than one
// more per kind of field: a 1,000-row page is read in one round trip.
import { sql, type RawBuilder } from "kysely";
import { DO_NOT_CALL_RESULTS } from "../../domain/queue/results.ts";
import { callbackRows, type CallbackRow } from "../queue/callbacks.repository.ts";
import type { ClaimRow } from "./claims.repository.ts";

/** The added columns, as JSON objects (null when the member has none) and the queue state's two. */
export interface ListedColumns {
  attempts: number | null;
  time_zone: string | null;
  claim: ClaimRow | null;
  callback: CallbackRow | null;
  do_not_call_save: { created_at: string; firstname: string; lastname: string } | null;
}

export interface ListedSql {
  columns: RawBuilder<unknown>;
  joins: RawBuilder<unknown>;
}

/**
 * The columns and joins on members `m` and their member_work `w` that read a row's listed fields
 * (claims live at `claimsNow`). A member has at most one open callback (the unique index
 * callbacks_one_open_idx), so its join has no LIMIT: with one, the planner cannot merge it into
 * the page's joins and runs it once a row (a 1,000-row page ~30 % slower on PostgreSQL).
 */
export function listedColumnsSql(claimsNow: Date, groupZone: string): ListedSql {
  return {
    columns: sql`q.attempts, q.time_zone, to_json(cl) as claim, to_json(cb) as callback, to_json(dnc) as do_not_call_save`,
    joins: sql`
      left join queue_state q on q.member_id = m.id
      left join lateral (
        select c.member_id, c.user_id, u.firstname, u.lastname, c.expires_at, c.claimed_at
        from member_claims c join users u on u.id = c.user_id
        where c.member_id = m.id and c.expires_at > ${claimsNow}) cl on true
      left join lateral (${callbackRows(groupZone)} where c.member_id = m.id and c.status = 'open') cb on true
      left join lateral (
        select r.created_at, u.firstname, u.lastname from results r join users u on u.id = r.user_id
        where r.member_id = m.id and w.result = any(${[...DO_NOT_CALL_RESULTS]}::text[])
        order by r.id desc limit 1) dnc on true`,
  };
}
