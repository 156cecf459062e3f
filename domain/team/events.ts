// Live events of the members list (docs/architecture.md, Agents as a team): what each event
// carries (no more than the list shows: a member's id, version, result and note, who is working
// it, its callback, attempts and do-not-call result), and the limits of tickets and streams that
// both backends keep.
import type { components } from "../../contract/schema";

type Schemas = components["schemas"];
export type MemberEvent = Schemas["MemberEvent"];
export type ClaimEvent = Schemas["ClaimEvent"];
export type CallbackEvent = Schemas["CallbackEvent"];
export type QueueEvent = Schemas["QueueEvent"];
export type RecordingsEvent = Schemas["RecordingsEvent"];
export type MemberStatusEvent = Schemas["MemberStatusEvent"];

/** A campaign after a change, for the staff who may read it (campaignEventFor): the agent's campaign panel follows it. */
export type CampaignLiveEvent = { event: "campaign"; data: Schemas["CampaignEvent"] };

/** One event of the stream: its name (the `event:` field) and its data (`data:`, as JSON). */
export type LiveEvent =
  | { event: "member"; data: MemberEvent }
  | { event: "claim"; data: ClaimEvent }
  | { event: "callback"; data: CallbackEvent }
  | { event: "queue"; data: QueueEvent }
  | { event: "status"; data: MemberStatusEvent }
  | { event: "recordings"; data: RecordingsEvent }
  | CampaignLiveEvent;

/** An agent's row of the live board now (openapi.yaml getLiveBoard), for administrators only. */
export type AgentLiveEvent = { event: "agent"; data: Schemas["BoardAgent"] };
/** Every event the stream carries: the members list's, and the live board's. */
export type StreamedEvent = LiveEvent | AgentLiveEvent;

/** The live board's rows show what agents are doing: only administrators' streams carry them. */
export const forAdministratorsOnly = (event: StreamedEvent) => event.event === "agent";

export const agentEvent = (agent: Schemas["BoardAgent"]): AgentLiveEvent => ({ event: "agent", data: agent });

/**
 * The `campaign` event one reader's stream gets of a change: the campaign to administrators and
 * to its agents; null to an agent who was assigned before the change and is no longer (they may
 * no longer read it); nothing to other staff, who never could.
 */
export function campaignEventFor(reader: { userId: number; isAdmin: boolean }, campaign: Schemas["Campaign"], agentsBefore: readonly number[]): CampaignLiveEvent | null {
  if (reader.isAdmin || campaign.agents.includes(reader.userId)) return { event: "campaign", data: { id: campaign.id, campaign } };
  if (agentsBefore.includes(reader.userId)) return { event: "campaign", data: { id: campaign.id, campaign: null } };
  return null;
}

/** A ticket opens the stream once, within 30 seconds of being issued. */
export const EVENT_TICKET_LIFETIME_MS = 30_000;
/** Tickets one user may take in a minute: more is a flood of reconnections (429). */
export const EVENT_TICKETS_PER_MINUTE = 20;
/** Open streams one user may hold, on every server together (a few tabs each): more answer 429. */
export const EVENT_STREAMS_PER_USER = 10;
/** A comment line at least this often keeps proxies from closing a quiet stream. */
export const KEEP_ALIVE_MS = 25_000;
/**
 * The server marks its open streams seen as often as it keeps them alive; a stream not seen for
 * this long was left by a server that stopped without ending it, and no longer counts.
 */
export const STREAM_UNSEEN_MS = 60_000;

/** Whether a user who holds `open` streams may open one more (both backends count so). */
export const mayOpenStream = (open: number) => open < EVENT_STREAMS_PER_USER;
/** The reconnection delay the stream suggests (`retry:`). */
export const RECONNECT_AFTER_MS = 3_000;

const TICKET_WINDOW_MS = 60_000;

/** The stream's text (text/event-stream), as both backends write it. */
export const STREAM_FRAMES = {
  /** First: the reconnection delay the stream suggests. */
  retry: `retry: ${RECONNECT_AFTER_MS}\n\n`,
  /** A comment that keeps proxies from closing a quiet stream. */
  keepAlive: ": keep-alive\n\n",
  /** An event: its name and one line of JSON (JSON has no raw line breaks). */
  event: ({ event, data }: StreamedEvent) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`,
};

/** The `member` event of a save: the member's values the list shows, after it. */
export function memberEvent(member: { id: number; version: number; Result: Schemas["MemberResult"]; notes: string | null; notestimestamp: string | null }): LiveEvent {
  return { event: "member", data: { memberId: member.id, version: member.version, Result: member.Result, notes: member.notes, notestimestamp: member.notestimestamp } };
}

/** The `claim` event of a claim's change: the member's live claim now, or null. */
export function claimEvent(memberId: number, claim: Schemas["MemberClaim"] | null): LiveEvent {
  return { event: "claim", data: { memberId, claim } };
}

/** The `callback` event of a callback's change (booked, moved, due, reassigned, closed, cancelled): the callback after it. */
export function callbackEvent(change: CallbackEvent["change"], callback: Schemas["Callback"]): LiveEvent {
  return { event: "callback", data: { memberId: callback.memberId, change, callback } };
}

/** The `queue` event after a result save or an attempts reset: what the list shows of the member's place in the queue. */
export function queueEvent(memberId: number, attempts: number, doNotCall: Schemas["DoNotCall"] | null): LiveEvent {
  return { event: "queue", data: { memberId, attempts, doNotCall } };
}

/** The `status` event after a practice feed changed a member's Status, last visit or next appointment. */
export function statusEvent(member: { id: number; Status: Schemas["MemberStatus"]; LastVisit: string | null; NextApt: string | null }): LiveEvent {
  return { event: "status", data: { memberId: member.id, Status: member.Status, LastVisit: member.LastVisit, NextApt: member.NextApt } };
}

/** When a ticket issued now stops opening the stream. */
export const ticketExpiry = (now: Date) => new Date(now.getTime() + EVENT_TICKET_LIFETIME_MS);

/** Whether a user who took tickets at `issued` may take one more now, or in how many seconds. */
export function ticketAllowance(issued: readonly Date[], now: Date): { ok: true } | { ok: false; retryAfterSeconds: number } {
  const since = now.getTime() - TICKET_WINDOW_MS;
  const recent = issued.map((at) => at.getTime()).filter((at) => at > since).sort((a, b) => a - b);
  if (recent.length < EVENT_TICKETS_PER_MINUTE) return { ok: true };
  // The oldest counted ticket leaves the window first.
  const freeAt = recent[recent.length - EVENT_TICKETS_PER_MINUTE]! + TICKET_WINDOW_MS;
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)) };
}

export const TOO_MANY_TICKETS = "Too many event stream connections: try again later.";
export const TOO_MANY_STREAMS = "Too many open event streams for this user: close one first.";
export const NOT_EVENT_STREAM = "This call answers text/event-stream only: send Accept: text/event-stream.";
