// The limits on claims (Next's too), call starts and a member's callback changes
// (domain/team/agentLimits.ts), counted in the database every instance shares by the statement the
// sign-in rate limits use: one atomic upsert per call, so calls sent at once are each counted, and
// n instances allow the limit once.
import { agentLimitKey, agentLimitRefusal, AGENT_LIMIT_WINDOW_MS, type AgentLimit } from "../../domain/team/agentLimits.ts";
import { countHit } from "../http/rateLimitHits.repository.ts";
import type { Services } from "../services.ts";

/**
 * Counts the call against the user's (for callbackChanges the member's) limit; throws the 429 when
 * it is past it.
 */
export async function enforceAgentLimit(services: Services, kind: AgentLimit, id: number): Promise<void> {
  refuseOverLimit(services, kind, await countHit(services.db, agentLimitKey(kind, id), AGENT_LIMIT_WINDOW_MS));
}

/** Throws the 429 of a call counted past its limit. The claims' limit is the configured one (CLAIMS_PER_MINUTE). */
export function refuseOverLimit(services: Services, kind: AgentLimit, { current, ttl }: { current: number; ttl: number }): void {
  const now = Date.now();
  const limit = kind === "claims" ? services.config.claimsPerMinute : undefined;
  const refusal = agentLimitRefusal(kind, { hits: current, endsAt: now + ttl }, now, limit);
  if (refusal) throw refusal;
}
