import { describe, expect, it } from "vitest";
import {
  agentLimitKey,
  agentLimitRefusal,
  AGENT_LIMIT_WINDOW_MS,
  CALLBACK_CHANGES_PER_MEMBER_PER_MINUTE,
  CALL_STARTS_PER_MINUTE,
  CLAIMS_PER_MINUTE,
  countAgentCall,
  type WindowCount,
} from "./agentLimits.ts";

const NOW = Date.UTC(2026, 10, 16, 12);

describe("the limits on claims and call starts per user", () => {
  it("counts calls in a window that starts with the first, and starts a new one once it has ended", () => {
    const first = countAgentCall(undefined, NOW);
    expect(first).toEqual({ hits: 1, endsAt: NOW + AGENT_LIMIT_WINDOW_MS });
    expect(countAgentCall(first, NOW + 59_999)).toEqual({ hits: 2, endsAt: NOW + AGENT_LIMIT_WINDOW_MS });
    expect(countAgentCall(first, NOW + AGENT_LIMIT_WINDOW_MS)).toEqual({ hits: 1, endsAt: NOW + 2 * AGENT_LIMIT_WINDOW_MS });
  });

  it("refuses the call past the limit with 429 and the seconds left in the window", () => {
    const count = (hits: number): WindowCount => ({ hits, endsAt: NOW + 42_500 });
    expect(agentLimitRefusal("claims", count(CLAIMS_PER_MINUTE), NOW)).toBeUndefined();
    const refused = agentLimitRefusal("claims", count(CLAIMS_PER_MINUTE + 1), NOW);
    expect([refused?.statusCode, refused?.headers["retry-after"]]).toEqual([429, "43"]);
    expect(agentLimitRefusal("callStarts", count(CALL_STARTS_PER_MINUTE), NOW)).toBeUndefined();
    expect(agentLimitRefusal("callStarts", count(CALL_STARTS_PER_MINUTE + 1), NOW)?.statusCode).toBe(429);
  });
});

describe("the limit on a member's callback bookings and moves", () => {
  it("refuses the one past the limit with 429, counted per member whoever books", () => {
    const count = (hits: number): WindowCount => ({ hits, endsAt: NOW + 10_000 });
    expect(agentLimitRefusal("callbackChanges", count(CALLBACK_CHANGES_PER_MEMBER_PER_MINUTE), NOW)).toBeUndefined();
    expect(agentLimitRefusal("callbackChanges", count(CALLBACK_CHANGES_PER_MEMBER_PER_MINUTE + 1), NOW)?.statusCode).toBe(429);
    expect(agentLimitKey("callbackChanges", 7)).not.toBe(agentLimitKey("claims", 7));
  });
});
