// The live board's rows as the clock runs (docs/architecture.md, the live board): each agent's
// facts as the backend last sent them, and their state read from them at the board's clock with
// the rules of domain/board. A row that did not change stays the same object, so only the rows
// whose state changed re-render; the time in each state ticks in its own clock on screen.
import type { components } from "../../../contract/schema";
import { agentStateAt, nextStateChange, type AgentStateName, type BoardAgent, type BoardMember } from "../../../domain/board/agentState.ts";
import { byAgentName } from "../../../domain/board/roster.ts";

export type { BoardAgent, AgentStateName, BoardMember };
export type LiveBoard = components["schemas"]["LiveBoard"];
/** A campaign the board can be narrowed to: its name, the agents assigned, and its place in the supervisor's order. */
export type BoardCampaignChoice = Pick<components["schemas"]["Campaign"], "id" | "name" | "agents" | "position">;

export interface BoardRow {
  agent: BoardAgent;
  state: AgentStateName;
  /** When the state began, on the board's clock (epoch ms). */
  since: number;
  member: BoardMember | null;
}

/** The rows at `now`, reusing each previous row whose agent and state are unchanged. */
export function rowsAt(agents: readonly BoardAgent[], now: number, previous: readonly BoardRow[] = []): BoardRow[] {
  const before = new Map(previous.map((row) => [row.agent.userId, row]));
  return agents.map((agent) => {
    const state = agentStateAt(agent, now);
    const old = before.get(agent.userId);
    if (old && old.agent === agent && old.state === state.name && old.since === state.since && old.member?.id === state.member?.id) return old;
    return { agent, state: state.name, since: state.since, member: state.member };
  });
}

/** The agents with one agent's row replaced (or added, in name order). */
export function withAgent(agents: readonly BoardAgent[], agent: BoardAgent): BoardAgent[] {
  const others = agents.filter((each) => each.userId !== agent.userId);
  return [...others, agent].sort(byAgentName);
}

/** Milliseconds until any agent's state changes by the clock alone; null when none will. */
export function untilNextChange(agents: readonly BoardAgent[], now: number): number | null {
  const changes = agents.map((agent) => nextStateChange(agent, now)).filter((at): at is number => at !== null);
  return changes.length > 0 ? Math.min(...changes) - now : null;
}
