// Per-user limits on claims (with Next) and call starts, and a per-member limit on callback
// bookings and moves (openapi.yaml claimMember, nextMember, recordCallStart, bookCallback: 429). One
// staff member claimed 999 members in 3.2 s, so every other agent's list showed them all "calling"
// for 2 minutes, and 200 call starts in 0.6 s inflated the call-activity report. A real agent works
// one member at a time: a claim when they open its result selector or notes or start a call, and a
// renewal every 45 s while they stay (src/lib/constants.ts CLAIM_RENEW_MS); a call start when they
// press a phone link, and a call lasts at least the time to hear it ring. The limits are far above
// that and far below a script, counted per user on every server instance together.

import { tooManyRequests, type HttpError } from "../../contract/errors.ts";

/**
 * One a second for a whole minute: twice the busiest agent moving from member to member by keyboard.
 * Next (openapi.yaml nextMember) claims the member it serves and counts here too: 1,000 Next from
 * one account claimed 1,000 members in 33 s, draining the queue for everyone. The server's default:
 * CLAIMS_PER_MINUTE in its environment sets another (the benchmarks press Next back to back).
 */
export const CLAIMS_PER_MINUTE = 60;
/** One every two seconds for a whole minute: no call is shorter than its first ring. */
export const CALL_STARTS_PER_MINUTE = 30;
export const AGENT_LIMIT_WINDOW_MS = 60_000;

/**
 * Bookings and moves of one member's callback, by anyone: an agent books it and moves it once or
 * twice when the family changes its mind; 200 moves in 9.5 s wrote 200 rows of the member's history.
 */
export const CALLBACK_CHANGES_PER_MEMBER_PER_MINUTE = 6;

const LIMITS = {
  claims: { limit: CLAIMS_PER_MINUTE, message: "You are claiming members faster than anyone can work them: try again in a moment." },
  callStarts: { limit: CALL_STARTS_PER_MINUTE, message: "You are starting calls faster than anyone can make them: try again in a moment." },
  callbackChanges: { limit: CALLBACK_CHANGES_PER_MEMBER_PER_MINUTE, message: "This member's callback has been booked or moved too often in the last minute: try again in a moment." },
};
export type AgentLimit = keyof typeof LIMITS;

/**
 * A user's count in the current window: a fixed window of AGENT_LIMIT_WINDOW_MS that starts with
 * the first call after the last window ended. The server keeps it in the rate_limit_hits table,
 * one statement per call (server/http/rateLimitStore.ts countHit, the same rule); the fake backend
 * with countAgentCall.
 */
export interface WindowCount {
  /** Calls in the window, this one included. */
  hits: number;
  /** When the window ends, epoch milliseconds. */
  endsAt: number;
}

export function countAgentCall(previous: WindowCount | undefined, now: number): WindowCount {
  if (!previous || previous.endsAt <= now) return { hits: 1, endsAt: now + AGENT_LIMIT_WINDOW_MS };
  return { hits: previous.hits + 1, endsAt: previous.endsAt };
}

/** The 429 of a call past its limit (its default unless another is given), with the seconds until the window ends; or undefined. */
export function agentLimitRefusal(kind: AgentLimit, count: WindowCount, now: number, limit = LIMITS[kind].limit): HttpError | undefined {
  const { message } = LIMITS[kind];
  if (count.hits <= limit) return undefined;
  return tooManyRequests(message, Math.max(1, Math.ceil((count.endsAt - now) / 1000)));
}

/** What comes before and after the id in the key of a count of a kind of call (one table holds every counter): a user's, or for callbackChanges a member's. */
export const agentLimitKeyAround = (kind: AgentLimit): [string, string] => [kind === "callbackChanges" ? "member " : "user ", ` ${kind}`];

/** The key of a count of a kind of call. */
export const agentLimitKey = (kind: AgentLimit, id: number) => agentLimitKeyAround(kind).join(String(id));
