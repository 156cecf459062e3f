// The limits on claims (Next's too), call starts and a member's callback changes in the fake
// backend (domain/team/agentLimits.ts), counted as the server counts them; on the real clock, as
// claims run.
import { agentLimitKey, agentLimitRefusal, countAgentCall, type AgentLimit } from "../../domain/team/agentLimits.ts";
import type { MockDb } from "../db/createMockDb";

/** Counts the call against the user's (for callbackChanges the member's) limit; throws the 429 when it is past it. */
export function enforceAgentLimit(db: MockDb, kind: AgentLimit, id: number, now = Date.now()): void {
  const key = agentLimitKey(kind, id);
  const count = countAgentCall(db.agentCalls.get(key), now);
  db.agentCalls.set(key, count);
  const refusal = agentLimitRefusal(kind, count, now);
  if (refusal) throw refusal;
}
