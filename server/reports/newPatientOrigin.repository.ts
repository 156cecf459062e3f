// The new patient origin report's SQL: first visits in whole months, of some practices (or all) and
// one brand (or all), counted by origin and practice, and listed as the rows of the CSV download.
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { FirstVisitRow } from "../../domain/reports/newPatientOrigin.ts";
import type { Database } from "../db/database.ts";

export interface OriginFilter {
  /** `YYYY-MM` months. */
  months: string[];
  /** Practice ids; empty: every practice. */
  practiceIds: number[];
  /** A brand (the member's payer) or "all". */
  brand: string;
}

/** The first visits of the filter, joined to their practice as `practices`. */
function visitsOf(filter: OriginFilter): RawBuilder<unknown> {
  const monthStarts = filter.months.map((month) => `${month}-01`);
  return sql`
      from unnest(cast(${monthStarts} as date[])) as month(starts_on)
      join first_visits on first_visits.first_visit_date >= month.starts_on
                       and first_visits.first_visit_date < cast(month.starts_on + interval '1 month' as date)
      join practices on practices.id = first_visits.practice_id
      ${filter.brand === "all" ? sql`` : sql`join members on members.id = first_visits.member_id and members.company = ${filter.brand}`}
     where ${filter.practiceIds.length === 0 ? sql`true` : sql`first_visits.practice_id = any(cast(${filter.practiceIds} as integer[]))`}`;
}

export interface OriginPracticeCount {
  source: string;
  practice: string;
  practiceId: number;
  count: number;
  sourceCount: number;
}

/**
 * New patients per origin and practice, sorted as the answer lists them: origins by their count
 * descending, then name (code points); within an origin, practices by count descending, then
 * abbreviation, then id.
 */
export async function countsByOrigin(db: Kysely<Database>, filter: OriginFilter): Promise<OriginPracticeCount[]> {
  const { rows } = await sql<OriginPracticeCount>`
    select first_visits.origin as source, practices.abbr as practice, practices.id as "practiceId",
           cast(count(*) as integer) as count,
           cast(sum(count(*)) over (partition by first_visits.origin) as integer) as "sourceCount"
    ${visitsOf(filter)}
     group by first_visits.origin, practices.id, practices.abbr
     order by "sourceCount" desc, first_visits.origin collate "C", count desc, practices.abbr collate "C", practices.id`.execute(db);
  return rows;
}

/** The CSV rows: by practice, then first visit date, then patient number (code points), ties by id. */
export async function firstVisitRows(db: Kysely<Database>, filter: OriginFilter): Promise<FirstVisitRow[]> {
  const { rows } = await sql<FirstVisitRow>`
    select practices.abbr as practice, first_visits.pat_num as "patNum",
           to_char(first_visits.first_visit_date, 'YYYY-MM-DD') as "firstVisitDate", first_visits.result
    ${visitsOf(filter)}
     order by practices.abbr collate "C", first_visits.first_visit_date, first_visits.pat_num collate "C", first_visits.id`.execute(db);
  return rows;
}

/** The members of the CSV rows, for the audit log. */
export async function firstVisitMemberIds(db: Kysely<Database>, filter: OriginFilter): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`select distinct first_visits.member_id as id ${visitsOf(filter)}`.execute(db);
  return rows.map((row) => row.id);
}
