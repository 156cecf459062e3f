// What Next counts and reads before it looks at the queue, in its session's statement (one round
// trip for both, AlongSession): the call counted against the caller's claims' limit (Next claims
// what it serves) and the campaigns served to them today. Nothing is counted for a session that
// is not live. The counter's commit does not wait for the disk (synchronous_commit off for its
// transaction alone): a count lost with the last moment before a crash costs nothing, and without
// the wait "No one to call now" costs no disk flush.
import { sql } from "kysely";
import { agentLimitKeyAround, AGENT_LIMIT_WINDOW_MS } from "../../domain/team/agentLimits.ts";
import { countHitSql } from "../http/rateLimitHits.repository.ts";
import { servedCampaignsOf, servedCampaignsSql, type Campaign } from "../campaigns/campaigns.repository.ts";
import type { AlongSession } from "../auth/sessions.repository.ts";

const [BEFORE_ID, AFTER_ID] = agentLimitKeyAround("claims");

/** Next's count and campaigns (`today`: the group's date), to run in the caller's session statement. */
export function countNextAlongSession(today: string): AlongSession {
  const key = sql<string>`${BEFORE_ID}::text || live.user_id::text || ${AFTER_ID}::text`;
  return {
    with: sql`hit as (${countHitSql(key, AGENT_LIMIT_WINDOW_MS, sql`live`)}), unflushed as (select set_config('synchronous_commit', 'off', true))`,
    along: sql`(select json_build_object('hits', hit.hits, 'ttl', hit.ttl, 'campaigns', ${servedCampaignsSql(sql<number>`live.user_id`, today)}) from hit, unflushed)`,
  };
}

/** countNextAlongSession's answer. */
export function countedNext(along: unknown, userId: number): { count: { current: number; ttl: number }; campaigns: Campaign[] } {
  const { hits, ttl, campaigns } = along as { hits: number; ttl: number; campaigns: unknown[] };
  return { count: { current: hits, ttl }, campaigns: servedCampaignsOf(campaigns, userId) };
}
