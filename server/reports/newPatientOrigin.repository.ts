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

/** A row of the CSV, with what its batch is continued after and audited by. */
export type FirstVisitExportRow = FirstVisitRow & { id: number; memberId: number };

/**
 * The CSV rows (by practice, then first visit date, then patient number, code points; ties by id),
 * `batchSize` at a time: each batch a query of its own starting after the last row of the one
 * before. Nothing stays open between batches, and 24 months of every practice are never held at once.
 */
export async function* firstVisitsInBatches(db: Kysely<Database>, filter: OriginFilter, batchSize: number): AsyncGenerator<FirstVisitExportRow[]> {
  let last: FirstVisitExportRow | undefined;
  for (;;) {
    const after = last
      ? sql`and (practices.abbr collate "C", first_visits.first_visit_date, first_visits.pat_num collate "C", first_visits.id)
              > (${last.practice}, cast(${last.firstVisitDate} as date), ${last.patNum}, ${last.id})`
      : sql``;
    const { rows } = await sql<FirstVisitExportRow>`
      select practices.abbr as practice, first_visits.pat_num as "patNum",
             to_char(first_visits.first_visit_date, 'YYYY-MM-DD') as "firstVisitDate", first_visits.result,
             first_visits.id, first_visits.member_id as "memberId"
      ${visitsOf(filter)} ${after}
       order by practices.abbr collate "C", first_visits.first_visit_date, first_visits.pat_num collate "C", first_visits.id
       limit ${batchSize}`.execute(db);
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    last = rows.at(-1);
  }
}

/** How many rows the CSV has. */
export async function countFirstVisits(db: Kysely<Database>, filter: OriginFilter): Promise<number> {
  const { rows } = await sql<{ n: number }>`select cast(count(*) as integer) as n ${visitsOf(filter)}`.execute(db);
  return rows[0]!.n;
}
