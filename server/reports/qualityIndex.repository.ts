// The quality index's SQL: leads decided (won or lost, by when they were decided) and leads entered
// (by when they were created) in a range of days of the group's time zone.
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/database.ts";
import { FUNNEL_STAGES } from "../../domain/reports/qualityIndex.ts";
import type { DateRange } from "../../domain/calendar.ts";
import { withinDays } from "./periods.repository.ts";

export interface PracticeCount {
  practice: string;
  practiceId: number;
  count: number;
}

export interface ReasonCount {
  reason: string;
  count: number;
}

type Outcome = "won" | "lost";

/** Leads decided with one of the outcomes, per practice that has any: count descending, then practice (code points), then id. */
export async function decidedByPractice(db: Kysely<Database>, range: DateRange, outcomes: Outcome[], timeZone: string): Promise<PracticeCount[]> {
  const { rows } = await sql<PracticeCount>`
    select practices.abbr as practice, practices.id as "practiceId", cast(count(*) as integer) as count
      from leads
      join practices on practices.id = leads.practice_id
     where ${withinDays(sql.ref("leads.closed_at"), range, timeZone)}
       and leads.outcome in (${sql.join(outcomes)})
     group by practices.id, practices.abbr
     order by count desc, practices.abbr collate "C", practices.id`.execute(db);
  return rows;
}

/** Leads decided as won and as lost. */
export async function decidedTotals(db: Kysely<Database>, range: DateRange, timeZone: string): Promise<Record<Outcome, number>> {
  const { rows } = await sql<Record<Outcome, number>>`
    select cast(count(*) filter (where outcome = 'won') as integer) as won,
           cast(count(*) filter (where outcome = 'lost') as integer) as lost
      from leads
     where ${withinDays(sql.ref("closed_at"), range, timeZone)}`.execute(db);
  return rows[0] ?? { won: 0, lost: 0 };
}

/** Leads lost, per reason: count descending, then reason (code points). */
export async function lostByReason(db: Kysely<Database>, range: DateRange, timeZone: string): Promise<ReasonCount[]> {
  const { rows } = await sql<ReasonCount>`
    select lost_reason as reason, cast(count(*) as integer) as count
      from leads
     where ${withinDays(sql.ref("closed_at"), range, timeZone)} and outcome = 'lost'
     group by lost_reason
     order by count desc, lost_reason collate "C"`.execute(db);
  return rows;
}

export interface EnteredSummary {
  total: number;
  won: number;
  lost: number;
  open: number;
  /** Leads that reached each stage of FUNNEL_STAGES or one after it. */
  reached: number[];
}

/** Outcomes and funnel of the leads entered in the range. */
export async function enteredSummary(db: Kysely<Database>, range: DateRange, timeZone: string): Promise<EnteredSummary> {
  const stages = sql`array[${sql.join(FUNNEL_STAGES)}]::text[]`;
  const reached = FUNNEL_STAGES.map(
    (_, index) => sql`cast(count(*) filter (where array_position(${stages}, stage) > ${index}) as integer) as ${sql.ref(`reached${index}`)}`,
  );
  const { rows } = await sql<Record<string, number>>`
    select cast(count(*) as integer) as total,
           cast(count(*) filter (where outcome = 'won') as integer) as won,
           cast(count(*) filter (where outcome = 'lost') as integer) as lost,
           cast(count(*) filter (where outcome = 'open') as integer) as open,
           ${sql.join(reached)}
      from leads
     where ${withinDays(sql.ref("created_at"), range, timeZone)}`.execute(db);
  const row = rows[0] ?? {};
  return {
    total: row.total ?? 0,
    won: row.won ?? 0,
    lost: row.lost ?? 0,
    open: row.open ?? 0,
    reached: FUNNEL_STAGES.map((_, index) => row[`reached${index}`] ?? 0),
  };
}
