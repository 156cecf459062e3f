// The live board as the contract answers it (openapi.yaml getLiveBoard): the repository's rows
// made agents, every time on the practice calendar's clock (results and call starts already are;
// sessions, streams and claims are on the sessions' clock and are moved by the calendar's offset,
// which is zero outside demos), each agent's state read by the rules of domain/board.
import type { components } from "../../contract/schema.d.ts";
import { agentState, type AgentFacts } from "../../domain/board/agentState.ts";
import { NO_COUNTS } from "../../domain/board/dayCounts.ts";
import { boardDay, byAgentName, isOnBoard, listName } from "../../domain/board/roster.ts";
import type { Services } from "../services.ts";
import { calendarNow } from "../calendar.ts";
import { STREAM_STALE_MS } from "../events/presence.ts";
import { boardAgentRows, type BoardAgentRow, type BoardMemberRow } from "./board.repository.ts";

type Schemas = components["schemas"];

export function toBoardMember(row: BoardMemberRow): Schemas["BoardMember"] {
  const name = listName({ firstName: row.first_name, middleName: row.middle_name, lastName: row.last_name });
  return { id: row.id, name, practice: row.practice_abbr, practiceId: row.practice_id, subscriberId: row.subscriber_id };
}

/** The board's day and clock now: the calendar's instant, the day holding it, and the offset of the sessions' clock. */
export function boardClock(services: Pick<Services, "now" | "config">) {
  const now = services.now();
  const asOf = calendarNow(services);
  return { now, asOf, offsetMs: asOf.getTime() - now.getTime(), ...boardDay(asOf.getTime(), services.config.reportTimeZone) };
}

/**
 * The start of the board's day on the sessions' and claims' clock: a session, stream or claim that
 * ended before it is not on today's board.
 */
export const boardDayStartOfRows = (clock: Pick<ReturnType<typeof boardClock>, "startsAt" | "offsetMs">) => new Date(clock.startsAt - clock.offsetMs);

function toBoardAgent(row: BoardAgentRow, { offsetMs, asOf, startsAt: dayStart }: { offsetMs: number; asOf: number; startsAt: number }): Schemas["BoardAgent"] {
  const onCalendar = (instant: Date | null) => (instant === null ? null : new Date(new Date(instant).getTime() + offsetMs).toISOString());
  const iso = (instant: Date | null) => (instant === null ? null : new Date(instant).toISOString());
  const facts: AgentFacts = {
    signedInAt: new Date(Math.max(new Date(row.signed_in_at).getTime() + offsetMs, dayStart)).toISOString(),
    signedOutAt: onCalendar(row.signed_out_at),
    connected: row.connected === true,
    lastConnectedAt: onCalendar(row.last_connected_at),
    claim: row.claim_member && { member: toBoardMember(row.claim_member), since: onCalendar(row.claimed_at)!, expiresAt: onCalendar(row.claim_expires_at)! },
    lastClaimEndedAt: onCalendar(row.last_claim_ended_at),
    call: row.call_member && { member: toBoardMember(row.call_member), startedAt: iso(row.call_started_at)! },
    lastResultAt: iso(row.last_result_at),
  };
  const counts = {
    callsStarted: row.calls_started,
    resultsSaved: row.results_saved,
    contacts: row.contacts,
    appointments: row.appointments,
    callbacksDue: row.callbacks_due,
    callbacksOverdue: row.callbacks_overdue,
  };
  return { userId: row.user_id, firstname: row.firstname, lastname: row.lastname, ...facts, campaign: row.campaign, counts, state: agentState(facts, asOf) };
}

/** The agents on the board now (or only those of `userIds`, or assigned to `campaign`, that are on it), by name. */
export async function boardAgents(services: Pick<Services, "db" | "now" | "config">, userIds?: readonly number[], campaign?: number) {
  const clock = boardClock(services);
  const rows = await boardAgentRows(
    services.db,
    {
      dayStart: new Date(clock.startsAt),
      dayEnd: new Date(clock.endsAt),
      now: clock.now,
      sessionsDayStart: boardDayStartOfRows(clock),
      staleBefore: new Date(clock.now.getTime() - STREAM_STALE_MS),
      asOf: clock.asOf,
    },
    userIds,
    campaign,
  );
  const agents = rows
    .filter((row) => isOnBoard({ isAdmin: row.is_admin }, { ...NO_COUNTS, callsStarted: row.calls_started, resultsSaved: row.results_saved }))
    .map((row) => toBoardAgent(row, { offsetMs: clock.offsetMs, asOf: clock.asOf.getTime(), startsAt: clock.startsAt }))
    .sort(byAgentName);
  return { clock, agents };
}

/** The members an agent row shows (a read of member data, audited). */
export const membersShown = (agents: readonly Schemas["BoardAgent"][]) => [
  ...new Set(agents.flatMap((agent) => [agent.claim?.member.id, agent.call?.member.id].filter((id): id is number => id !== undefined))),
];
