// The limits on claims, call starts and a member's callback changes
// (domain/team/agentLimits.ts), counted in the database every instance shares by the statement the
// sign-in rate limits use: one atomic upsert per call, so calls sent at once are each counted, and
// n instances allow the limit once.
import type { Kysely } from "kysely";
import { agentLimitKey, agentLimitRefusal, AGENT_LIMIT_WINDOW_MS, type AgentLimit } from "../../domain/team/agentLimits.ts";
import type { Database } from "../db/database.ts";
import { countHit } from "../http/rateLimitHits.repository.ts";

/** Counts the call against the user's (for callbackChanges the member's) limit; throws the 429 when it is past it. */
export async function enforceAgentLimit(db: Kysely<Database>, kind: AgentLimit, id: number): Promise<void> {
  const { current, ttl } = await countHit(db, agentLimitKey(kind, id), AGENT_LIMIT_WINDOW_MS);
  const now = Date.now();
  const refusal = agentLimitRefusal(kind, { hits: current, endsAt: now + ttl }, now);
  if (refusal) throw refusal;
}
