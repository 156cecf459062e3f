// The live board of the fake backend (openapi.yaml getLiveBoard, getAgentDay), from its records
// with the server's rules (domain/board/). The records of the day (results, call starts, the demo
// world's sign-ins) are on the fake backend's clock (`db.now()`), sessions, streams and claims on
// the real clock, as on the server: those are moved to the fake backend's clock, as the server
// moves them by its calendar's offset.
import type { components } from "../../contract/schema";
import { agentState, type AgentFacts } from "../../domain/board/agentState.ts";
import { callbackCounts, countDay } from "../../domain/board/dayCounts.ts";
import { notesOfResults } from "../../domain/board/agentDay.ts";
import { boardDay, byAgentName, dayBounds, isOnBoard, listName } from "../../domain/board/roster.ts";
import type { IsoDate } from "../../domain/calendar.ts";
import type { MemberRecord } from "../../demo/records.ts";
import type { MockDb } from "../db/createMockDb";

type Schemas = components["schemas"];
type BoardAgent = Schemas["BoardAgent"];

const iso = (instant: number | null | undefined) => (instant === null || instant === undefined ? null : new Date(instant).toISOString());
const latest = (instants: readonly number[]) => (instants.length > 0 ? Math.max(...instants) : null);

export function toBoardMember(member: MemberRecord): Schemas["BoardMember"] {
  const name = listName({ firstName: member.First_Name, middleName: member.Middle_Name, lastName: member.Last_Name });
  return { id: member.id, name, practice: member.Practice, practiceId: member.practiceId, subscriberId: member.Subscriber_ID };
}

/** The board's clock now: the fake backend's instant, its day, and how far it is from the real clock. */
export function boardClock(db: Pick<MockDb, "now">) {
  const asOf = db.now().getTime();
  return { asOf, offsetMs: asOf - Date.now(), ...boardDay(asOf) };
}

function agentOf(db: MockDb, user: Schemas["User"], clock: ReturnType<typeof boardClock>): BoardAgent | undefined {
  const { asOf, offsetMs, startsAt, endsAt } = clock;
  const shifted = (instant: number) => instant + offsetMs;
  const today = (instant: number) => instant >= startsAt && instant < endsAt;
  const memberOf = (id: number) => toBoardMember(db.members.find((member) => member.id === id)!);

  const sessions = [...db.sessions.values()].filter((session) => session.userId === user.id && today(shifted(session.lastSeenAt)));
  // The demo world's sign-ins of today are sessions on the server, never signed out.
  const demoSignIns = db.signIns.filter((signIn) => signIn.userId === user.id && today(Date.parse(signIn.at))).map((signIn) => Date.parse(signIn.at));
  const signIns = [...sessions.map((session) => shifted(session.createdAt)), ...demoSignIns];
  if (signIns.length === 0) return undefined;
  const results = db.results.filter((result) => result.userId === user.id && today(Date.parse(result.createdAt)));
  const calls = db.callStarts.filter((start) => start.userId === user.id && today(Date.parse(start.startedAt)));
  const owned = db.callbacks.filter((callback) => callback.status === "open" && callback.ownerId === user.id && callback.ownerUntil !== null);
  const callbacks = callbackCounts(owned.map((callback) => ({ dueAt: Date.parse(callback.dueAt), ownerUntil: Date.parse(callback.ownerUntil!) })), asOf, endsAt);
  const counts = countDay(results.map((result) => result.Result), calls.length, callbacks);
  if (!isOnBoard(user, counts)) return undefined;

  const claims = [...db.claims.values()].filter((claim) => claim.userId === user.id);
  const liveClaim = claims.find((claim) => shifted(claim.expiresAt) > asOf);
  const call = calls.reduce<(typeof calls)[number] | undefined>((last, start) => (!last || start.startedAt >= last.startedAt ? start : last), undefined);
  // Signed out since their latest sign-in, whatever their other sessions (presence is their streams).
  const signedOutAt = latest(sessions.flatMap((session) => (session.revoked ? [shifted(session.revokedAt ?? session.lastSeenAt)] : [])));
  const presence = db.events.presenceOf(user.id, asOf - offsetMs);
  const lastConnectedAt = presence.lastConnectedAt === null ? null : shifted(presence.lastConnectedAt);
  const facts: AgentFacts = {
    signedInAt: iso(Math.max(latest(signIns)!, startsAt))!,
    signedOutAt: signedOutAt !== null && signedOutAt >= latest(signIns)! ? iso(signedOutAt) : null,
    connected: presence.connected,
    lastConnectedAt: iso(lastConnectedAt !== null && lastConnectedAt >= startsAt ? lastConnectedAt : null),
    claim: liveClaim ? { member: memberOf(liveClaim.memberId), since: iso(shifted(liveClaim.claimedAt))!, expiresAt: iso(shifted(liveClaim.expiresAt))! } : null,
    lastClaimEndedAt: iso(latest(claims.map((claim) => shifted(claim.expiresAt)).filter((end) => end <= asOf && end >= startsAt))),
    call: call ? { member: memberOf(call.memberId), startedAt: call.startedAt } : null,
    lastResultAt: iso(latest(results.map((result) => Date.parse(result.createdAt)))),
  };
  // A live claim says what they work now, even outside campaigns (served from the list).
  const campaignId = liveClaim ? (liveClaim.campaignId ?? null) : (call?.campaignId ?? null);
  const worked = campaignId === null ? undefined : db.campaigns.find((campaign) => campaign.id === campaignId);
  const campaign = worked ? { id: worked.id, name: worked.name } : null;
  return { userId: user.id, firstname: user.firstname, lastname: user.lastname, ...facts, campaign, counts, state: agentState(facts, asOf) };
}

/** The agents on the board now (or only those of `userIds` that are on it), by name. */
export function boardAgents(db: MockDb, userIds?: readonly number[]): BoardAgent[] {
  const clock = boardClock(db);
  const users = userIds ? db.users.filter((user) => userIds.includes(user.id)) : db.users;
  return users.flatMap((user) => agentOf(db, user, clock) ?? []).sort(byAgentName);
}

/** The board now: every agent on it, or only those assigned to `campaign` (an existing campaign's id). */
export function liveBoard(db: MockDb, campaign?: number): Schemas["LiveBoard"] {
  const { asOf, day, endsAt } = boardClock(db);
  const assigned = campaign === undefined ? undefined : (db.campaigns.find((candidate) => candidate.id === campaign)?.agents ?? []);
  return { day, asOf: iso(asOf)!, nextDayAt: iso(endsAt)!, agents: boardAgents(db, assigned) };
}

/** The user's results of a day (today when absent), newest first, with their members and notes. */
export function agentDay(db: MockDb, user: Schemas["User"], day?: IsoDate): Schemas["AgentDay"] {
  const bounds = day ? dayBounds(day) : boardClock(db);
  const within = (instant: string) => Date.parse(instant) >= bounds.startsAt && Date.parse(instant) < bounds.endsAt;
  const saves = <T extends { userId: number; memberId: number; id: number }>(records: readonly T[], at: (record: T) => string) =>
    records.filter((record) => record.userId === user.id && within(at(record))).map((record) => ({ record, id: record.id, memberId: record.memberId, at: Date.parse(at(record)) }));
  const results = saves(db.results, (result) => result.createdAt);
  const notes = notesOfResults(results, saves(db.notes, (note) => note.createdAt), bounds.endsAt);
  return {
    day: bounds.day,
    agent: { userId: user.id, firstname: user.firstname, lastname: user.lastname, email: user.email },
    results: results
      .sort((a, b) => b.at - a.at || b.id - a.id)
      .map(({ record }) => ({
        id: record.id,
        savedAt: record.createdAt,
        member: toBoardMember(db.members.find((member) => member.id === record.memberId)!),
        Result: record.Result,
        note: notes.get(record.id)?.record.notes ?? null,
      })),
  };
}

/** Sends the agent's board row to the administrators' streams, if any is open. */
export function agentChanged(db: MockDb, userId: number): void {
  if (!db.events.watched) return;
  for (const agent of boardAgents(db, [userId])) db.events.publish({ event: "agent", data: agent });
}
