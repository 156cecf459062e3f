// The per-user limits on claims and call starts in the fake backend (domain/team/agentLimits.ts),
// counted as the server counts them; on the real clock, as claims run.
import { agentLimitKey, agentLimitRefusal, countAgentCall, type AgentLimit } from "../../domain/team/agentLimits.ts";
import type { MockDb } from "../db/createMockDb";

/** Counts the call; throws the 429 when it is past the user's limit. */
export function enforceAgentLimit(db: MockDb, kind: AgentLimit, userId: number, now = Date.now()): void {
  const key = agentLimitKey(kind, userId);
  const count = countAgentCall(db.agentCalls.get(key), now);
  db.agentCalls.set(key, count);
  const refusal = agentLimitRefusal(kind, count, now);
  if (refusal) throw refusal;
}
