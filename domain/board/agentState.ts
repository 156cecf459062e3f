// An agent's state on the live board (openapi.yaml getLiveBoard), read from the facts both backends
// keep: their sessions, their open live streams, their claims, their calls started and results
// saved. Presence is the agent's open streams, not their sessions: a session may stay valid on
// another PC long after its agent left it, so the last stream closing, or a sign-out, is Offline. Both backends answer the state as of the moment they read it; the browser goes on reading
// it from the same facts as the clock runs, so a Ready agent turns Idle with no event at all.
import type { components } from "../../contract/schema";

type Schemas = components["schemas"];
export type BoardAgent = Schemas["BoardAgent"];
export type BoardMember = Schemas["BoardMember"];
export type AgentState = Schemas["AgentState"];
export type AgentStateName = AgentState["name"];

/** Ready is "between members for less than 5 minutes"; from then on, Idle. */
export const IDLE_AFTER_MS = 5 * 60_000;
/** On a call "for more than 10 minutes without a result" is Wrap-up overdue. */
export const WRAP_UP_OVERDUE_AFTER_MS = 10 * 60_000;
/**
 * An agent who signed in and has opened no stream since is Offline after 60 seconds (the time to
 * reach the members list); a stream that was open and closed is Offline at once.
 */
export const OFFLINE_AFTER_MS = 60_000;

/** What an agent's state is read from: every field of BoardAgent but who they are, their counts and the state. */
export type AgentFacts = Omit<BoardAgent, "userId" | "firstname" | "lastname" | "campaign" | "counts" | "state">;

const at = (instant: string | null | undefined) => (instant ? Date.parse(instant) : Number.NEGATIVE_INFINITY);
const state = (name: AgentStateName, since: number, member: BoardMember | null = null) => ({ name, since, member });

/** The latest of the agent's sign-in, call, result and claim: "between members" counts from it. */
function lastActivity(facts: AgentFacts, now: number): number {
  const claimEnd = facts.claim ? Math.min(at(facts.claim.expiresAt), now) : Number.NEGATIVE_INFINITY;
  return Math.max(at(facts.signedInAt), at(facts.call?.startedAt), at(facts.lastResultAt), at(facts.lastClaimEndedAt), claimEnd);
}

/** Whether the latest call was started after the agent's latest result: still on it. */
const onCall = (facts: AgentFacts) => facts.call !== null && at(facts.call.startedAt) > at(facts.lastResultAt);

/**
 * Since when the agent is gone with no open stream: their sign-out, or their last stream since
 * their latest sign-in closing, whichever came first; undefined while a stream is open, or while
 * none has been opened since signing in (the sign-in's 60 seconds then apply).
 */
function goneSince(facts: AgentFacts): number | undefined {
  if (facts.connected) return undefined;
  const ends = [facts.signedOutAt, facts.lastConnectedAt].map(at).filter((end) => end >= at(facts.signedInAt));
  return ends.length > 0 ? Math.min(...ends) : undefined;
}

/** When an agent who opened no stream since signing in turns Offline, or undefined when that rule does not apply. */
const unconnectedUntil = (facts: AgentFacts) => (facts.connected || goneSince(facts) !== undefined ? undefined : at(facts.signedInAt) + OFFLINE_AFTER_MS);

/** The agent's state at `now` (epoch ms), the first rule that applies (openapi.yaml getLiveBoard). */
export function agentStateAt(facts: AgentFacts, now: number): { name: AgentStateName; since: number; member: BoardMember | null } {
  const gone = goneSince(facts);
  if (gone !== undefined) return state("offline", gone);
  const unconnected = unconnectedUntil(facts);
  if (unconnected !== undefined && now >= unconnected) return state("offline", at(facts.signedInAt));
  if (onCall(facts)) {
    const started = at(facts.call!.startedAt);
    return state(now - started > WRAP_UP_OVERDUE_AFTER_MS ? "wrapUpOverdue" : "onCall", started, facts.call!.member);
  }
  if (facts.claim && at(facts.claim.expiresAt) > now) return state("working", at(facts.claim.since), facts.claim.member);
  const since = lastActivity(facts, now);
  return state(now - since >= IDLE_AFTER_MS ? "idle" : "ready", since);
}

/** The state as the contract writes it. */
export function agentState(facts: AgentFacts, now: number): AgentState {
  const { name, since, member } = agentStateAt(facts, now);
  return { name, since: new Date(since).toISOString(), member };
}

/**
 * The next instant after `now` at which the state would change with no new fact (a Ready agent
 * turning Idle, a call turning overdue, a claim running out, an agent who never opened a stream
 * since signing in turning Offline), or
 * null when only a new fact can change it.
 */
export function nextStateChange(facts: AgentFacts, now: number): number | null {
  if (goneSince(facts) !== undefined) return null;
  const candidates: number[] = [];
  const unconnected = unconnectedUntil(facts);
  if (unconnected !== undefined) candidates.push(unconnected);
  const current = agentStateAt(facts, now).name;
  if (current === "onCall") candidates.push(at(facts.call!.startedAt) + WRAP_UP_OVERDUE_AFTER_MS + 1);
  if (current === "working") candidates.push(at(facts.claim!.expiresAt));
  if (current === "ready") candidates.push(lastActivity(facts, now) + IDLE_AFTER_MS);
  const ahead = candidates.filter((instant) => instant > now);
  return ahead.length > 0 ? Math.min(...ahead) : null;
}
