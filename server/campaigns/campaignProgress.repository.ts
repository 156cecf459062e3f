// A campaign's progress from the results saved in it (results.campaign_id, migration 0042): each
// count is one aggregate per campaign through results_campaign_member_idx, so the page reads the
// campaigns' own rows, never the members' table (the members targeted and eligible now are kept
// apart: campaignTargetCounts.repository.ts). What counts as reached, an appointment and an
// attempt is domain/campaigns/campaignProgress.ts's, passed in as values.
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "../db/database.ts";
import type { CampaignDay, CampaignWork } from "../../domain/campaigns/campaignProgress.ts";
import { BLANK_RESULT, CONTACTED_RESULTS } from "../../domain/vocabulary.ts";

/** A campaign as its progress is counted: its id and the result it counts as appointments. */
export interface CountedCampaign {
  id: number;
  appointmentResult: string;
}

// A person reached: the contact data report's contacted results (isReached).
const reached = sql`r.result = any(${[...CONTACTED_RESULTS]}::text[])`;
// An attempt is every result but Blank (isAttempt).
const attempt = sql`r.result <> ${BLANK_RESULT}`;

/** The campaigns' ids with the result each counts as appointments, as a values list `g(id, goal)`. */
const goalsOf = (campaigns: readonly CountedCampaign[]) =>
  sql`(select * from unnest(${campaigns.map((campaign) => campaign.id)}::int[], ${campaigns.map((campaign) => campaign.appointmentResult)}::text[])) as g(id, goal)`;

/**
 * An open callback counts for the campaign when its booker had saved a result in the campaign for
 * the member before booking it (the callback picker follows the save of Contact Made Call Back).
 */
const bookedAfterCampaignResult = (campaign: RawBuilder<unknown>) =>
  sql`exists (select 1 from results r where r.campaign_id = ${campaign} and r.member_id = cb.member_id and r.user_id = cb.booked_by and r.created_at <= cb.booked_at)`;

interface WorkRow {
  campaign_id: number;
  user_id: number;
  firstname: string | null;
  lastname: string | null;
  called: string;
  reached: string;
  appointments: string;
  attempts: string;
}

/** What each campaign's saved results count, in total and by agent; a campaign with none counts zeros. */
export async function campaignWork(db: Kysely<Database>, campaigns: readonly CountedCampaign[]): Promise<Map<number, CampaignWork>> {
  const work = new Map<number, CampaignWork>(campaigns.map((campaign) => [campaign.id, { called: 0, reached: 0, appointments: 0, attempts: 0, callbacksOpen: 0, byAgent: [] }]));
  if (campaigns.length === 0) return work;
  const ids = campaigns.map((campaign) => campaign.id);
  // grouping sets: one row per campaign and agent, and one per campaign (user_id null) whose
  // distinct members are not the sum of its agents' (two agents may call one member).
  const [{ rows }, { rows: callbacks }] = await Promise.all([
    sql<WorkRow>`
      select r.campaign_id, r.user_id, min(u.firstname) as firstname, min(u.lastname) as lastname,
        count(distinct r.member_id) as called,
        count(distinct r.member_id) filter (where ${reached}) as reached,
        count(distinct r.member_id) filter (where r.result = g.goal) as appointments,
        count(*) filter (where ${attempt}) as attempts
      from results r join ${goalsOf(campaigns)} on g.id = r.campaign_id
      left join users u on u.id = r.user_id
      where r.campaign_id = any(${ids}::int[])
      group by grouping sets ((r.campaign_id), (r.campaign_id, r.user_id))`.execute(db),
    sql<{ campaign_id: number; n: string }>`
      select c.id as campaign_id, count(*) as n
      from unnest(${ids}::int[]) as c(id)
      join lateral (select cb.id from callbacks cb where cb.status = 'open'
        and cb.member_id in (select r.member_id from results r where r.campaign_id = c.id)
        and ${bookedAfterCampaignResult(sql`c.id`)}) open_callbacks on true
      group by c.id`.execute(db),
  ]);
  for (const row of rows) {
    const counts = work.get(row.campaign_id)!;
    const counted = { called: Number(row.called), reached: Number(row.reached), appointments: Number(row.appointments) };
    if (row.user_id === null) Object.assign(counts, counted, { attempts: Number(row.attempts) });
    else counts.byAgent.push({ userId: row.user_id, firstname: row.firstname ?? "", lastname: row.lastname ?? "", ...counted });
  }
  for (const row of callbacks) work.get(row.campaign_id)!.callbacksOpen = Number(row.n);
  return work;
}

/** The days of `from` to `to` (the practice group's calendar in `timeZone`) that had work in the campaign, counted. */
export async function campaignDayCounts(db: Kysely<Database>, campaign: CountedCampaign, span: { from: string; to: string }, timeZone: string): Promise<CampaignDay[]> {
  const day = (column: RawBuilder<unknown>) => sql`to_char((${column} at time zone ${timeZone})::date, 'YYYY-MM-DD')`;
  const within = (column: RawBuilder<unknown>) => sql`(${column} at time zone ${timeZone})::date between ${span.from}::date and ${span.to}::date`;
  const [{ rows: saved }, { rows: booked }] = await Promise.all([
    sql<{ day: string; called: string; reached: string; appointments: string }>`
      select ${day(sql.ref("r.created_at"))} as day,
        count(distinct r.member_id) as called,
        count(distinct r.member_id) filter (where ${reached}) as reached,
        count(distinct r.member_id) filter (where r.result = ${campaign.appointmentResult}) as appointments
      from results r where r.campaign_id = ${campaign.id} and ${within(sql.ref("r.created_at"))}
      group by 1`.execute(db),
    sql<{ day: string; n: string }>`
      select ${day(sql.ref("cb.booked_at"))} as day, count(*) as n from callbacks cb
      where cb.member_id in (select r.member_id from results r where r.campaign_id = ${campaign.id})
        and ${within(sql.ref("cb.booked_at"))} and ${bookedAfterCampaignResult(sql`${campaign.id}`)}
      group by 1`.execute(db),
  ]);
  const days = new Map<string, CampaignDay>();
  const dayOf = (key: string) => days.get(key) ?? days.set(key, { day: key, called: 0, reached: 0, appointments: 0, callbacks: 0 }).get(key)!;
  for (const row of saved) Object.assign(dayOf(row.day), { called: Number(row.called), reached: Number(row.reached), appointments: Number(row.appointments) });
  for (const row of booked) dayOf(row.day).callbacks = Number(row.n);
  return [...days.values()];
}
