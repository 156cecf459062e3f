// What Next counts and reads before it looks at the queue, in one statement: the call counted
// against the caller's claims' limit (Next claims what it serves) and the campaigns served to them
// today. The counter's commit does not wait for the disk (synchronous_commit off for its
// transaction alone): a count lost with the last moment before a crash costs nothing, and without
// the wait "No one to call now" costs no disk flush.
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import { PREPARED } from "../db/preparedStatements.ts";
import { agentLimitKey, AGENT_LIMIT_WINDOW_MS } from "../../domain/team/agentLimits.ts";
import { countHitSql } from "../http/rateLimitHits.repository.ts";
import { servedCampaignsOf, servedCampaignsSql, type Campaign } from "../campaigns/campaigns.repository.ts";

export async function countNextAndReadCampaigns(db: Kysely<Database>, userId: number, today: string): Promise<{ count: { current: number; ttl: number }; campaigns: Campaign[] }> {
  const { rows } = await sql<{ hits: number; ttl: number; campaigns: unknown[] }>`${PREPARED}
    with hit as (${countHitSql(agentLimitKey("claims", userId), AGENT_LIMIT_WINDOW_MS)}),
      unflushed as (select set_config('synchronous_commit', 'off', true))
    select hit.hits, hit.ttl, ${servedCampaignsSql(userId, today)} as campaigns from hit, unflushed`.execute(db);
  const row = rows[0]!;
  return { count: { current: row.hits, ttl: row.ttl }, campaigns: servedCampaignsOf(row.campaigns, userId) };
}
