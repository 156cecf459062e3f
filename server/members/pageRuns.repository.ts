// A page asked for by its number, in an order whose first key has kept counts: the default order
// (last names by their first two characters, migration 0055) and Practice (member_practice_counts by
// the practice's abbreviation, migration 0013). Summed in the order, the counts say which run of
// equal keys holds the page's first row and how many rows come before that run, so the walk seeks
// to the run and steps over the rows of that run alone (at most half of it, read from its nearer
// end), not over every member before the page: at 1,000,000 members the middle page stepped over
// 500,000 index entries. The counts are written in the same transactions as the members, so in the
// page's snapshot they are exact; when they do not add up to the count, the page is read by offset.
import { sql, type Kysely, type RawBuilder } from "kysely";
import { memberSortKey, type MemberSortColumn } from "../../domain/membersOrder.ts";
import type { Database } from "../db/database.ts";

/**
 * Below this many rows to step over on either side, the walk (about a tenth of a microsecond an
 * index entry) costs about what the statement finding the run does.
 */
export const RUNS_FROM = 2_000;

/** Where a numbered page's walk starts: after `offset` rows of the runs `from` keeps, in the order or its mirror image. */
export interface RunStart {
  mirrored: boolean;
  offset: number;
  /** The rows from the run's start on (mirrored: up to its end), as one index range. */
  from?: RawBuilder<boolean>;
}

/** The kept counts of the order's first key, and the column that key is, or undefined when none are kept. */
function runsOf(column: MemberSortColumn | undefined) {
  if (!column) return { counts: sql`select prefix as key, n from member_last_name_counts where n > 0`, ref: sql`m.last_name collate "C"` };
  if (column !== "Practice") return undefined;
  return {
    counts: sql`select p.abbr as key, sum(c.n) as n from member_practice_counts c join practices p on p.id = c.practice_id where p.abbr is not null group by p.abbr having sum(c.n) > 0`,
    ref: sql`m.practice_abbr collate "C"`,
  };
}

interface Run {
  key: string;
  before: string | number;
  n: string | number;
  next: string | null;
  total: string | number;
}

/**
 * Where page `skip / limit + 1` of the unfiltered list (`total` members) starts its walk, or
 * undefined when the order keeps no counts, the page is near enough to an end, or the counts do
 * not add up to `total`.
 */
export async function runStart(db: Kysely<Database>, column: MemberSortColumn | undefined, sameColumn: boolean, skip: number, limit: number, total: number): Promise<RunStart | undefined> {
  const runs = runsOf(column);
  if (!runs || Math.min(skip, total - skip - limit) < RUNS_FROM) return undefined;
  const descending = column ? memberSortKey(column, sameColumn).descending : false;
  const way = descending ? sql`desc` : sql`asc`;
  const { rows } = await sql<Run>`
    select key, before, n, next, total from (
      select key, n, sum(n) over (order by key collate "C" ${way} rows unbounded preceding) - n as before,
        lead(key) over (order by key collate "C" ${way}) as next, sum(n) over () as total
      from (${runs.counts}) counts) runs
    where before <= ${skip} order by before desc limit 1`.execute(db);
  const run = rows[0];
  if (!run || Number(run.total) !== total) return undefined;
  const before = Number(run.before);
  const intoRun = skip - before;
  const afterPage = before + Number(run.n) - skip - limit;
  if (afterPage >= 0 && afterPage < intoRun) {
    // From the run's end backwards: the rows before the next run (every row, after the last run).
    const beyond = descending ? sql`>` : sql`<`;
    return { mirrored: true, offset: afterPage, ...(run.next === null ? {} : { from: sql<boolean>`${runs.ref} ${beyond} ${run.next}` }) };
  }
  const from = descending ? sql`<=` : sql`>=`;
  return { mirrored: false, offset: intoRun, from: sql<boolean>`${runs.ref} ${from} ${run.key}` };
}
