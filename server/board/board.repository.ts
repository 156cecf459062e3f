// The live board's reads (openapi.yaml getLiveBoard, getAgentDay): each agent signed in today with
// the facts their state is read from and their counts of the day, in one statement; and one
// agent's results of a day with their members and notes. Results and call starts are on the
// practice calendar's clock, sessions, streams and claims on the sessions' clock: the caller gives
// each its bounds (server/board/board.ts shifts the times to one clock).
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/database.ts";

export interface BoardWindow {
  /** The day on the calendar's clock: results and call starts from `dayStart`, before `dayEnd`. */
  dayStart: Date;
  dayEnd: Date;
  /** Now and the day's start on the sessions' clock: sessions, streams and claims. */
  now: Date;
  sessionsDayStart: Date;
  /** An open stream not refreshed since this is lost (server/events/presence.ts). */
  staleBefore: Date;
  /** Now on the calendar's clock, which callbacks are due by. */
  asOf: Date;
}

/** A member as the board shows it. */
export interface BoardMemberRow {
  id: number;
  first_name: string;
  middle_name: string;
  last_name: string;
  practice_id: number;
  practice_abbr: string;
  subscriber_id: string;
}

export interface BoardAgentRow {
  user_id: number;
  firstname: string;
  lastname: string;
  is_admin: boolean;
  signed_in_at: Date;
  signed_out_at: Date | null;
  connected: boolean | null;
  last_connected_at: Date | null;
  claim_member: BoardMemberRow | null;
  claimed_at: Date | null;
  claim_expires_at: Date | null;
  last_claim_ended_at: Date | null;
  call_member: BoardMemberRow | null;
  call_started_at: Date | null;
  last_result_at: Date | null;
  /** The campaign they work: their live claim's while they hold one, else their latest call start's today. */
  campaign: { id: number; name: string } | null;
  calls_started: number;
  results_saved: number;
  contacts: number;
  appointments: number;
  callbacks_due: number;
  callbacks_overdue: number;
}

const memberJson = (alias: string) =>
  sql.raw(`case when ${alias}.id is null then null else json_build_object('id', ${alias}.id, 'first_name', ${alias}.first_name, 'middle_name', ${alias}.middle_name,
    'last_name', ${alias}.last_name, 'practice_id', ${alias}.practice_id, 'practice_abbr', ${alias}.practice_abbr, 'subscriber_id', ${alias}.subscriber_id) end`);

/**
 * Every user with a session used today (or only `userIds`, or only the agents assigned to
 * `campaign`), with their sign-ins, streams, claims, latest call, campaign and counts of the day.
 * Each agent's reads are index range scans of their own rows.
 */
export async function boardAgentRows(db: Kysely<Database>, window: BoardWindow, userIds?: readonly number[], campaign?: number): Promise<BoardAgentRow[]> {
  return (await boardAgentsQuery(window, userIds, campaign).execute(db)).rows;
}

/** The statement of boardAgentRows (bench/board.ts explains it). */
export function boardAgentsQuery(window: BoardWindow, userIds?: readonly number[], campaign?: number) {
  const { dayStart, dayEnd, now, sessionsDayStart, staleBefore, asOf } = window;
  const onlyThese = userIds ? sql`and s.user_id = any(${[...userIds]}::int[])` : sql``;
  const onlyAssigned = campaign === undefined ? sql`` : sql`and s.user_id in (select user_id from campaign_agents where campaign_id = ${campaign})`;
  return sql<BoardAgentRow>`
    with agents as (
      select s.user_id, max(s.created_at) as signed_in_at,
             -- Signed out since their latest sign-in, whatever their other sessions (presence is their streams).
             case when max(s.revoked_at) >= max(s.created_at) then max(s.revoked_at) end as signed_out_at
      from sessions s
      where s.last_seen_at >= ${sessionsDayStart} ${onlyThese} ${onlyAssigned}
      group by s.user_id
    )
    select u.id as user_id, u.firstname, u.lastname, u.is_admin, a.signed_in_at, a.signed_out_at,
           st.connected, st.last_connected_at,
           ${memberJson("cm")} as claim_member, cl.claimed_at, cl.expires_at as claim_expires_at, ce.last_claim_ended_at,
           ${memberJson("lm")} as call_member, lc.started_at as call_started_at,
           r.last_result_at,
           case when wc.id is null then null else json_build_object('id', wc.id, 'name', wc.name) end as campaign,
           coalesce(c.calls_started, 0)::int as calls_started, coalesce(c.results_saved, 0)::int as results_saved,
           coalesce(c.contacts, 0)::int as contacts, coalesce(c.appointments, 0)::int as appointments,
           coalesce(cb.callbacks_due, 0)::int as callbacks_due, coalesce(cb.callbacks_overdue, 0)::int as callbacks_overdue
    from agents a
    join users u on u.id = a.user_id
    left join lateral (
      -- A stream of a session signed out is gone with it, though its instance has yet to record its end.
      select bool_or(ls.closed_at is null and ls.seen_at >= ${staleBefore} and ss.revoked_at is null) as connected,
             max(case when ls.closed_at is null and ss.revoked_at is not null then ss.revoked_at else coalesce(ls.closed_at, ls.seen_at) end) as last_connected_at
      from live_streams ls join sessions ss on ss.id = ls.session_id
      where ls.user_id = a.user_id and ls.seen_at >= ${sessionsDayStart}
    ) st on true
    left join lateral (
      select member_id, claimed_at, expires_at, campaign_id from member_claims where user_id = a.user_id and expires_at > ${now} order by expires_at desc limit 1
    ) cl on true
    left join lateral (
      select max(expires_at) as last_claim_ended_at from member_claims where user_id = a.user_id and expires_at <= ${now} and expires_at >= ${sessionsDayStart}
    ) ce on true
    -- The day's counts, kept beside each save and call start (migration 0038): one row per agent.
    left join user_day_activity c on c.user_id = a.user_id and c.day = (${dayStart}::timestamptz at time zone (select time_zone from activity_time_zone))::date
    -- One index probe each: the agent's latest call start and result of the day.
    left join lateral (
      select member_id, started_at, campaign_id from call_starts where user_id = a.user_id and started_at >= ${dayStart} and started_at < ${dayEnd}
      order by started_at desc limit 1
    ) lc on true
    left join lateral (
      select created_at as last_result_at from results where user_id = a.user_id and created_at >= ${dayStart} and created_at < ${dayEnd}
      order by created_at desc limit 1
    ) r on true
    -- domain/board/dayCounts.ts callbackCounts, on the owner's open callbacks (callbacks_owner_due_idx).
    left join lateral (
      select count(*) filter (where owner_until > ${asOf} and due_at < ${dayEnd}) as callbacks_due,
             count(*) filter (where owner_until <= ${asOf}) as callbacks_overdue
      from callbacks where owner_id = a.user_id and status = 'open'
    ) cb on true
    left join members cm on cm.id = cl.member_id
    left join members lm on lm.id = lc.member_id
    -- A live claim says what they work now, even outside campaigns (served from the list).
    left join campaigns wc on wc.id = case when cl.member_id is not null then cl.campaign_id else lc.campaign_id end`;
}

export interface AgentDayRow {
  id: number;
  created_at: Date;
  result: string;
  member: BoardMemberRow;
  note: string | null;
}

/**
 * The user's results of a day, newest first, each with its member and the note of that call
 * (domain/board/agentDay.ts): their first note on the member at or after the result, before their
 * next result for it, within the day.
 */
export async function agentDayRows(db: Kysely<Database>, userId: number, dayStart: Date, dayEnd: Date): Promise<AgentDayRow[]> {
  const { rows } = await sql<AgentDayRow>`
    select r.id, r.created_at, r.result, ${memberJson("m")} as member, n.notes as note
    from results r
    join members m on m.id = r.member_id
    left join lateral (
      select min(later.created_at) as at from results later
      where later.user_id = r.user_id and later.member_id = r.member_id and later.created_at < ${dayEnd}
        and (later.created_at, later.id) > (r.created_at, r.id)
    ) next on true
    left join lateral (
      select notes from notes
      where notes.member_id = r.member_id and notes.user_id = r.user_id
        and notes.created_at >= r.created_at and notes.created_at < coalesce(next.at, ${dayEnd})
      order by notes.created_at, notes.id limit 1
    ) n on true
    where r.user_id = ${userId} and r.created_at >= ${dayStart} and r.created_at < ${dayEnd}
    order by r.created_at desc, r.id desc`.execute(db);
  return rows;
}

export async function userExists(db: Kysely<Database>, userId: number): Promise<{ id: number; firstname: string; lastname: string; email: string } | undefined> {
  return db.selectFrom("users").select(["id", "firstname", "lastname", "email"]).where("id", "=", userId).executeTakeFirst();
}
