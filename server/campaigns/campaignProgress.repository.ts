// A campaign's progress from its kept counts (campaign_progress_counts, migration 0052: the members
// its saves called, reached and gave each result, in all, by agent and by day, and its attempts,
// kept as the results are saved), so the page reads a few rows per campaign, never its results
// (the members targeted and eligible now are kept apart: campaignTargetCounts.repository.ts). What
// counts as reached and an attempt is domain/campaigns/campaignProgress.ts's, the same rule the
// counts were kept by; the result a campaign counts as appointments is passed in.
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "../db/database.ts";
import { byName, type CampaignDay, type CampaignWork } from "../../domain/campaigns/campaignProgress.ts";

/** A campaign as its progress is counted: its id and the result it counts as appointments. */
export interface CountedCampaign {
  id: number;
  appointmentResult: string;
}

/** The kept scopes: user_id 0 is every agent, day '-infinity' every day. */
const EVERY_AGENT = 0;

/** The campaigns' ids with the figure each counts as appointments, as a values list `g(id, appointments)`. */
const goalsOf = (campaigns: readonly CountedCampaign[]) =>
  sql`(select * from unnest(${campaigns.map((campaign) => campaign.id)}::int[], ${campaigns.map((campaign) => `result:${campaign.appointmentResult}`)}::text[])) as g(id, appointments)`;

/** The kinds of count the page reads (the index's third column): the figures, and every campaign's appointment result. */
const kindsRead = (campaigns: readonly CountedCampaign[]) => [...new Set(["called", "reached", "attempts", ...campaigns.map((campaign) => `result:${campaign.appointmentResult}`)])];

/** The figure a kept count is, by its kind: appointments are the campaign's appointment result's. */
const figureOf = sql`case when c.kind = g.appointments then 'appointments' else c.kind end`;

/**
 * An open callback counts for the campaign when its booker had saved a result in the campaign for
 * the member before booking it (the callback picker follows the save of Contact Made Call Back).
 */
const bookedAfterCampaignResult = (campaign: RawBuilder<unknown>) =>
  sql`exists (select 1 from results r where r.campaign_id = ${campaign} and r.member_id = cb.member_id and r.user_id = cb.booked_by and r.created_at <= cb.booked_at)`;

interface CountRow {
  campaign_id: number;
  user_id: number;
  figure: string;
  n: number;
  firstname: string | null;
  lastname: string | null;
}

/** What each campaign's saved results count, in total and by agent; a campaign with none counts zeros. */
export async function campaignWork(db: Kysely<Database>, campaigns: readonly CountedCampaign[]): Promise<Map<number, CampaignWork>> {
  const work = new Map<number, CampaignWork>(campaigns.map((campaign) => [campaign.id, { called: 0, reached: 0, appointments: 0, attempts: 0, callbacksOpen: 0, byAgent: [] }]));
  if (campaigns.length === 0) return work;
  const ids = campaigns.map((campaign) => campaign.id);
  const [{ rows }, callbacks] = await Promise.all([
    sql<CountRow>`
      select c.campaign_id, c.user_id, ${figureOf} as figure, c.n, u.firstname, u.lastname
      from campaign_progress_counts c join ${goalsOf(campaigns)} on g.id = c.campaign_id
      left join users u on u.id = c.user_id
      where c.campaign_id = any(${ids}::int[]) and c.day = '-infinity' and c.kind = any(${kindsRead(campaigns)}::text[])
        and (c.kind in ('called', 'reached', 'attempts') or c.kind = g.appointments)`.execute(db),
    // Kept as callbacks are booked, ended and results saved (migration 0059).
    db.selectFrom("campaign_callback_counts").select(["campaign_id", "n"]).where("campaign_id", "in", ids).execute(),
  ]);
  const agents = new Map<string, CampaignWork["byAgent"][number]>();
  for (const row of rows) {
    const counts = work.get(row.campaign_id)!;
    const figure = row.figure as "called" | "reached" | "appointments" | "attempts";
    if (row.user_id === EVERY_AGENT) {
      counts[figure] = row.n;
      continue;
    }
    if (figure === "attempts") continue;
    const key = `${row.campaign_id} ${row.user_id}`;
    const agent = agents.get(key) ?? { userId: row.user_id, firstname: row.firstname ?? "", lastname: row.lastname ?? "", called: 0, reached: 0, appointments: 0 };
    if (!agents.has(key)) {
      agents.set(key, agent);
      counts.byAgent.push(agent);
    }
    agent[figure] = row.n;
  }
  for (const row of callbacks) work.get(row.campaign_id)!.callbacksOpen = row.n;
  for (const counts of work.values()) counts.byAgent.sort(byName);
  return work;
}

/** The days of `from` to `to` (the practice group's calendar in `timeZone`, the kept counts' days) that had work in the campaign, counted. */
export async function campaignDayCounts(db: Kysely<Database>, campaign: CountedCampaign, span: { from: string; to: string }, timeZone: string): Promise<CampaignDay[]> {
  const day = (column: RawBuilder<unknown>) => sql`to_char((${column} at time zone ${timeZone})::date, 'YYYY-MM-DD')`;
  const within = (column: RawBuilder<unknown>) => sql`(${column} at time zone ${timeZone})::date between ${span.from}::date and ${span.to}::date`;
  const appointments = `result:${campaign.appointmentResult}`;
  const [{ rows: saved }, { rows: booked }] = await Promise.all([
    sql<{ day: string; kind: string; n: number }>`
      select to_char(c.day, 'YYYY-MM-DD') as day, c.kind, c.n from campaign_progress_counts c
      where c.campaign_id = ${campaign.id} and c.user_id = ${EVERY_AGENT} and c.day between ${span.from}::date and ${span.to}::date
        and c.kind in ('called', 'reached', ${appointments})`.execute(db),
    sql<{ day: string; n: string }>`
      select ${day(sql.ref("cb.booked_at"))} as day, count(*) as n from callbacks cb
      where cb.member_id in (select r.member_id from results r where r.campaign_id = ${campaign.id})
        and ${within(sql.ref("cb.booked_at"))} and ${bookedAfterCampaignResult(sql`${campaign.id}`)}
      group by 1`.execute(db),
  ]);
  const days = new Map<string, CampaignDay>();
  const dayOf = (key: string) => days.get(key) ?? days.set(key, { day: key, called: 0, reached: 0, appointments: 0, callbacks: 0 }).get(key)!;
  for (const row of saved) {
    const counted = dayOf(row.day);
    if (row.kind === appointments) counted.appointments = row.n;
    else counted[row.kind as "called" | "reached"] = row.n;
  }
  for (const row of booked) dayOf(row.day).callbacks = Number(row.n);
  return [...days.values()];
}
