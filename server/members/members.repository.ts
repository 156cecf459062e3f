// The members list: every filter, sort and page of GET /Members/getMembersTableData in SQL, and
// the dentists. Text sorts compare code units ("C" collation) on both engines, nulls last in both
// directions, ties by id. Fast at a million members (bench/README.md): counts from member_counts
// (member_practice_counts when only practices narrow the list), an index for each sort in each
// direction, deep pages read from the nearer end, search in search.repository.ts.
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { components } from "../../contract/schema.d.ts";
import { decodePageCursor, memberOrderName, pageCursors } from "../../domain/members/pageCursor.ts";
import type { Database } from "../db/database.ts";
import { PREPARED } from "../db/preparedStatements.ts";
import { memberSearch, type SearchedValues } from "./search.repository.ts";
import { listFilterValues, priorityFilterValues } from "../../domain/members/listFilters.ts";
import { listedColumnsSql, type ListedColumns, type ListedSql } from "./listedColumns.repository.ts";
import { runStart } from "./pageRuns.repository.ts";
import { cursorKey, foundColumns, keysetConditions, membersFrom, orderOf, pageRowsOrder, practiceOrdered, sortKeyText } from "./listOrder.repository.ts";

type Schemas = components["schemas"];
export type MemberSortColumn = Schemas["MemberSortColumn"];

export interface MembersQuery {
  pageNum: number;
  pageSize: number;
  /** One payer, several separated by commas, or `all`. */
  company?: string;
  /** One practice id, several separated by commas, or `all`. */
  practice?: string;
  region?: string;
  /** One status, several separated by commas, or `all`. */
  status?: string;
  /** P1 to P4, `any`, or `all`: members with planned treatment (the priority status report's count). */
  priority?: string;
  /** '' = members whose result is Blank. */
  result?: string;
  mco?: string;
  /** '' = every dentist. */
  dentistFirstName?: string;
  search?: string;
  /** Only the members the campaign has worked (a result saved for it). */
  campaign?: number;
  /** With `campaign`, only those given one of these results in it (a progress figure's members). */
  campaignResults?: readonly string[];
  /** With `campaign`, only those this staff member saved a result for in it. */
  campaignAgent?: number;
  orderByColumn?: MemberSortColumn;
  /** Descending (the specification's name for "sort the same column again"). */
  sameColumn?: boolean;
  /** Keyset paging: the page after or before this cursor's row instead of page `pageNum`. */
  cursor?: string;
}

const AGE = sql`date_part('year', age(current_date, m.date_of_birth))::int`;

const given = (value: string | undefined): value is string => value !== undefined && value !== "all";

/**
 * The list's filters as conditions on a row of `alias` (members, or member_counts whose dentist
 * column holds dentist_id, 0 for none): both answer the same filters the same way.
 */
function filterConditions(query: Omit<MembersQuery, "pageNum" | "pageSize">, alias: "m" | "c"): RawBuilder<boolean>[] {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  const conditions: RawBuilder<boolean>[] = [];
  const companies = listFilterValues(query.company);
  if (companies) conditions.push(sql`${column("company")} = any(${companies}::text[])`);
  // One practice as an equality: an index keyed by practice, then a sort column, serves its order.
  const practices = given(query.practice) ? query.practice.split(",").map(Number) : [];
  if (practices.length === 1) conditions.push(sql`${column("practice_id")} = ${practices[0]}`);
  if (practices.length > 1) conditions.push(sql`${column("practice_id")} = any(${practices}::int[])`);
  if (given(query.region)) {
    conditions.push(sql`${column("practice_id")} in (select p.id from practices p join regions r on r.id = p.region_id where r.name = ${query.region})`);
  }
  const statuses = listFilterValues(query.status);
  if (statuses) conditions.push(alias === "c" ? sql`c.status = any(${statuses}::text[])` : statusCondition(statuses, practices));
  if (given(query.result)) conditions.push(alias === "c" ? sql`c.result = ${query.result}` : resultCondition(query.result, practices));
  if (given(query.mco)) conditions.push(sql`${column("mco")} = ${query.mco}`);
  if (query.dentistFirstName) {
    const dentist = column(alias === "m" ? "dentist_id" : "dentist");
    conditions.push(sql`${dentist} in (select id from dentists where first_name = ${query.dentistFirstName})`);
  }
  return conditions;
}

/**
 * Members whose result is `result`, from member_work (migration 0054), within the practices when
 * they are given: its (practice_id, result, member_id) index then finds them. A condition on
 * members `m` alone, so that every statement under the list's filters (the queue's, campaigns',
 * exports') keeps reading `members m`.
 */
function resultCondition(result: string, practices: number[]): RawBuilder<boolean> {
  // Without practices, the result sort's index (code unit order, the same equality) finds them.
  const found = practices.length === 0 ? sql`rw.result collate "C" = ${result}` : sql`rw.practice_id = any(${practices}::int[]) and rw.result = ${result}`;
  return sql<boolean>`m.id in (select rw.member_id from member_work rw where ${found})`;
}

/**
 * Members with one of `statuses`, from member_visits (migration 0060), within the practices when
 * they are given: its (practice_id, status, member_id) index then finds them. A condition on members
 * `m` alone, as the result's is.
 */
function statusCondition(statuses: string[], practices: number[]): RawBuilder<boolean> {
  const found = practices.length === 0 ? sql`vs.status collate "C" = any(${statuses}::text[])` : sql`vs.practice_id = any(${practices}::int[]) and vs.status = any(${statuses}::text[])`;
  return sql<boolean>`m.id in (select vs.member_id from member_visits vs where ${found})`;
}

/** Members with planned treatment: a treatment of their practice under their patient number. */
function priorityCondition(query: Pick<MembersQuery, "priority">): RawBuilder<boolean> | undefined {
  const priorities = priorityFilterValues(query.priority);
  if (!priorities) return undefined;
  return sql<boolean>`exists (select 1 from treatment_priorities t
    where t.practice_id = m.practice_id and t.pat_num = m.pat_num and t.priority = any(${priorities}::text[]))`;
}

const all = (conditions: RawBuilder<boolean>[]) => (conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`true`);

/** A member's practice abbreviation is its own `practice_abbr`, which triggers keep equal to the practice's (migration 0013). */
const PAGE_COLUMNS = sql`m.id, m.company, m.subscriber_id, m.pat_num, m.mco, m.first_name, m.middle_name, m.last_name,
  m.practice_abbr as practice, m.practice_id, m.address1, m.city, m.state, m.phone,
  to_char(m.date_of_birth, 'YYYY-MM-DD') as date_of_birth, ${AGE} as age, m.days_extracted, w.notes, w.notes_at,
  v.status, w.result, to_char(v.last_visit, 'YYYY-MM-DD') as last_visit, v.next_apt, m.entry_time, w.version`;

/** The tables PAGE_COLUMNS reads: members `m`, their worked columns `w` (migration 0054), their visits `v` (0060). */
const PAGE_TABLES = sql`members m join member_work w on w.member_id = m.id join member_visits v on v.member_id = m.id`;

/**
 * The same tables as a page joins them to its ids, found first: asked for as `m.id in (…)` beside
 * this many joins (and the listed columns'), the planner joined every member before keeping the
 * page's. A page's visits are read by member id, a row at a time (`offset 0` keeps that subquery
 * out of the planner's join search): left to choose, PGlite at 200,000 members read the whole narrow
 * member_visits and hashed it for 1,000 ids, a third of a 1,000-row page's time.
 */
const PAGED_TABLES = sql`members m join member_work w on w.member_id = m.id
  cross join lateral (select v.status, v.last_visit, v.next_apt from member_visits v where v.member_id = m.id offset 0) v`;

/** A page's row; its time stamps are Dates, or ISO text when the page was read as one JSON text. */
export interface MemberRow {
  id: number;
  company: string;
  subscriber_id: string;
  pat_num: string;
  mco: string;
  first_name: string;
  middle_name: string;
  last_name: string;
  practice: string;
  practice_id: number;
  address1: string;
  city: string;
  state: string;
  phone: string;
  date_of_birth: string;
  age: number;
  days_extracted: number;
  notes: string | null;
  notes_at: Date | string | null;
  status: string;
  result: string;
  last_visit: string | null;
  next_apt: Date | string | null;
  entry_time: Date | string;
  version: number;
}

/** The list's filters, without its page. */
export type ListQuery = Omit<MembersQuery, "pageNum" | "pageSize">;

/** What a search narrows the list to. */
interface Searched {
  /** The members it finds among the filtered ones: a condition, or (fuzzy texts) their ids. */
  where: RawBuilder<boolean>;
  /** How many it finds when no filter narrows the list, read from indexes alone (search.repository.ts). */
  countAlone?: RawBuilder<{ total: string }>;
}

/** The most members a selective search lists by their ids (more: its condition is read again for the count and the page). */
const SELECTIVE_MOST = 200;

async function searched(db: Kysely<Database>, query: Pick<MembersQuery, "search">, filters: RawBuilder<boolean>[]): Promise<Searched | undefined> {
  const search = memberSearch(query.search ?? "");
  if (!search) return undefined;
  if (search.selective) {
    const { rows } = await sql<{ id: number }>`select m.id from members m where ${all([...filters, search.where])} limit ${SELECTIVE_MOST + 1}`.execute(db);
    if (rows.length <= SELECTIVE_MOST) return { where: sql<boolean>`m.id = any(${rows.map((row) => row.id)}::int[])` };
  }
  if (search.exact) return { where: search.where, ...(filters.length === 0 && search.countAlone ? { countAlone: search.countAlone } : {}) };
  const { rows } = await sql<SearchedValues>`
    select m.id, m.first_name as "First_Name", m.middle_name as "Middle_Name", m.last_name as "Last_Name",
      m.subscriber_id as "Subscriber_ID", m.pat_num as "PatNum", m.phone as "Phone",
      to_char(m.date_of_birth, 'YYYY-MM-DD') as "Date_of_Birth"
    from members m where ${all([...filters, search.where])}`.execute(db);
  return { where: sql<boolean>`m.id = any(${search.keep(rows)}::int[])` };
}

/** Whether only practices (by id or region) narrow the list: member_practice_counts then counts it. */
const byPracticeOnly = (query: ListQuery) =>
  !given(query.company) && !given(query.status) && !given(query.result) && !given(query.mco) && !query.dentistFirstName;

/** The members a campaign has worked (given one of `campaignResults` in it, by `campaignAgent`), from the index of results saved for campaigns (migration 0042). */
function campaignCondition(query: Pick<MembersQuery, "campaign" | "campaignResults" | "campaignAgent">): RawBuilder<boolean> | undefined {
  if (query.campaign === undefined) return undefined;
  const ofResults = query.campaignResults ? sql` and r.result = any(${[...query.campaignResults]}::text[])` : sql``;
  const byAgent = query.campaignAgent !== undefined ? sql` and r.user_id = ${query.campaignAgent}` : sql``;
  return sql<boolean>`m.id in (select r.member_id from results r where r.campaign_id = ${query.campaign}${ofResults}${byAgent})`;
}

/** The conditions of the filters, the priority, the campaign and the search, and what a count needs of them. */
async function narrowing(db: Kysely<Database>, query: ListQuery) {
  const beyondCounts = [priorityCondition(query), campaignCondition(query)].filter((condition) => condition !== undefined);
  const filters = [...filterConditions(query, "m"), ...beyondCounts];
  const search = await searched(db, query, filters);
  return { conditions: search ? [...filters, search.where] : filters, search, counted: !search && beyondCounts.length === 0 };
}

/**
 * How many members pass the filters: from member_counts (or the few rows of member_practice_counts)
 * unless a search or the priority (which they do not count) narrows them.
 */
async function countOf(db: Kysely<Database>, query: ListQuery, list: Awaited<ReturnType<typeof narrowing>>) {
  const counts = byPracticeOnly(query) ? sql`member_practice_counts` : sql`member_counts`;
  const { rows } = list.search?.countAlone
    ? await list.search.countAlone.execute(db)
    : !list.counted
      ? await sql<{ total: string }>`select count(*) as total from members m where ${all(list.conditions)}`.execute(db)
      : await sql<{ total: string }>`select coalesce(sum(c.n), 0) as total from ${counts} c where ${all(filterConditions(query, "c"))}`.execute(db);
  return Number(rows[0]!.total);
}

/** About how many members there are, from the statistics (no scan); at least `atLeast`. */
async function membersEstimate(db: Kysely<Database>, atLeast: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`select reltuples::float8 as n from pg_class where oid = 'members'::regclass`.execute(db);
  return Math.max(Number(rows[0]?.n ?? 0), atLeast);
}

/** A page of the list: its rows, how many members the filters match, and its keyset cursors. */
export interface Paged<Row> {
  rows: Row[];
  total: number;
  next_cursor?: string;
  previous_cursor?: string;
}

/**
 * One page of the list and how many members it has, read in one snapshot (the count always
 * matches the pages). The page's ids come from the order's index alone, then their rows are read.
 */
export function membersPage(db: Kysely<Database>, query: MembersQuery): Promise<Paged<MemberRow>> {
  return pageOf<MemberRow>(db, query);
}

/** A page as the list answers it: each row with its claim (live at `claimsNow`) and queue fields, in the same query. */
export function listedMembersPage(db: Kysely<Database>, engine: PageEngine, query: MembersQuery, claimsNow: Date, groupZone: string): Promise<Paged<MemberRow & ListedColumns>> {
  return pageOf<MemberRow & ListedColumns>(db, query, { ...listedColumnsSql(claimsNow, groupZone), engine });
}

/** Which rows of the order a page is: `limit` rows after skipping `offset`, read in the mirrored order or not, from a cursor or not. */
interface PageWindow {
  mirrored: boolean;
  limit: number;
  offset: number;
  /** The rows after (before) a cursor: conditions that each an index range serves. */
  keyset?: RawBuilder<boolean>[];
  /** A numbered page of the unfiltered list: the run of the order its walk starts at (pageRuns.repository.ts). */
  from?: RawBuilder<boolean>;
}

/** Page `pageNum`: pages past the middle are read from the other end, so no page skips more than half the members. */
function numberedWindow(query: MembersQuery, total: number): PageWindow | undefined {
  const skip = (query.pageNum - 1) * query.pageSize;
  if (skip >= total) return undefined;
  const mirrored = skip > total / 2;
  const limit = mirrored ? Math.min(query.pageSize, total - skip) : query.pageSize;
  return { mirrored, limit, offset: mirrored ? total - skip - limit : skip };
}

/** Page `pageNum` of the unfiltered list, when its order keeps counts of its first key: from the run of the order holding it. */
async function runWindow(db: Kysely<Database>, query: MembersQuery, total: number): Promise<PageWindow | undefined> {
  const skip = (query.pageNum - 1) * query.pageSize;
  const start = await runStart(db, query.orderByColumn, Boolean(query.sameColumn), skip, query.pageSize, total);
  return start && { ...start, limit: query.pageSize };
}

function cursorWindow(query: MembersQuery & { cursor: string }): PageWindow {
  const cursor = decodePageCursor(query.cursor);
  const descending = Boolean(query.orderByColumn && query.sameColumn);
  const key = cursorKey(cursor, query.orderByColumn, descending);
  return { mirrored: cursor!.direction === "before", limit: query.pageSize, offset: 0, keyset: keysetConditions(query.orderByColumn, descending, cursor!, key) };
}

/** One practice and nothing else narrows the list: its sorts with a (practice_id, column, id) index read that range in order. */
const onePracticeAlone = (query: MembersQuery) =>
  given(query.practice) && !query.practice.includes(",") && byPracticeOnly(query) && !given(query.region) && !query.search?.trim() && !priorityFilterValues(query.priority) && query.campaign === undefined;

/**
 * Where the page's ids are found. Walking a sort index through filtered members costs about
 * (offset + limit) × members / total rows (without filters, just offset + limit, read from the
 * index alone; within one practice, when an index orders its members, the same); finding the
 * filtered members first (OFFSET 0 keeps the planner from merging the two; their id and sort
 * columns only, which an index may hold) and sorting them costs about total. The exact total is
 * known here, unlike to the planner. The factor 4 leans towards sorting: a walk also reads the
 * rows it skips, and suffers when the sort key follows the filter (a practice's members share its
 * city). A walk from a cursor is one seek per range of its conditions, their rows merged.
 */
async function foundOf(db: Kysely<Database>, query: MembersQuery, conditions: RawBuilder<boolean>[], window: PageWindow, total: number) {
  const column = query.orderByColumn;
  const columns = foundColumns(column);
  const members = membersFrom(column);
  const rows = window.offset + window.limit;
  if (window.from) return { from: sql`${members} where ${all([...conditions, window.from])}`, derived: false };
  // Without filters there is nothing to sort apart: the estimate of the members is not asked.
  const walked = async () => (onePracticeAlone(query) && practiceOrdered(column) ? rows : (rows * (await membersEstimate(db, total))) / total);
  const sorting = conditions.length > 0 && total < (await walked()) * 4;
  const derived = (from: RawBuilder<unknown>) => ({ from, derived: true });
  if (!window.keyset) return sorting ? derived(sql`(select ${columns} from ${members} where ${all(conditions)} offset 0) m`) : { from: sql`${members} where ${all(conditions)}`, derived: false };
  if (sorting) return derived(sql`(select ${columns} from ${members} where ${all(conditions)} and (${sql.join(window.keyset, sql` or `)}) offset 0) m`);
  const order = orderOf(column, Boolean(column && query.sameColumn), window.mirrored);
  const ranges = window.keyset.map((range) => sql`(select ${columns} from ${members} where ${all([...conditions, range])} order by ${order} limit ${sql.lit(window.limit)})`);
  return derived(sql`(${sql.join(ranges, sql` union all `)}) m`);
}

type Sorted = { sort_key: (string | null)[] };

/** The engine a page is read from: how its rows travel back (pageRowsOf). */
export type PageEngine = "pglite" | "postgres";

/**
 * The rows of a page's statement, in its order. On PGlite as one JSON text (ordered by its
 * `place`): PGlite's protocol reader copies and decodes every field of every row apart, in the
 * server's own thread (a 1,000-row page is ~30,000 fields, a quarter of that page's time), where
 * one text is one copy and one JSON.parse. On PostgreSQL as rows: there the server builds the JSON
 * more slowly than node-postgres parses the fields (1,000 rows 165 → 213 ms p50), so each engine
 * takes its faster way to the same rows. Time stamps then arrive as ISO text (memberAnswer.ts
 * reads either).
 */
async function pageRowsOf<Row>(db: Kysely<Database>, statement: RawBuilder<Row>, engine: PageEngine, prepared: boolean): Promise<Row[]> {
  if (engine === "postgres") return (await (prepared ? sql<Row>`${PREPARED}${statement}` : statement).execute(db)).rows;
  const { rows } = await sql<{ page: string | null }>`select json_agg(page order by page.place)::text as page from (${statement}) page`.execute(db);
  return rows[0]?.page ? (JSON.parse(rows[0].page) as Row[]) : [];
}

async function pageOf<Row extends MemberRow>(db: Kysely<Database>, query: MembersQuery, listed?: ListedSql & { engine: PageEngine }): Promise<Paged<Row>> {
  return db
    .transaction()
    .setIsolationLevel("repeatable read")
    .setAccessMode("read only")
    .execute(async (trx) => {
      const window = query.cursor === undefined ? undefined : cursorWindow({ ...query, cursor: query.cursor });
      const list = await narrowing(trx, query);
      const total = await countOf(trx, query, list);
      const numbered = window ?? (list.conditions.length === 0 ? await runWindow(trx, query, total) : undefined);
      const page = numbered ?? numberedWindow(query, total);
      if (!page) return { rows: [], total };
      const column = query.orderByColumn;
      const descending = Boolean(column && query.sameColumn);
      const found = await foundOf(trx, query, list.conditions, page, total);
      const order = pageRowsOrder(column, descending);
      // Planning the page took 3.5–6 ms of a 1,000-row page: a first page, or one from a cursor, is
      // prepared (one statement per shape of filters and sort; its size and offset written in its
      // text, so the plan is made for them). A page by number past the first is not: its offset
      // would make a statement of every page.
      const prepared = page.offset === 0 && page.limit === query.pageSize;
      const statement = sql<Row & Sorted>`
        select ${PAGE_COLUMNS}, ${sortKeyText(column)} as sort_key${listed ? sql`, ${listed.columns}` : sql``}${listed?.engine === "pglite" ? sql`, row_number() over (order by ${order}) as place` : sql``}
        from (
          select m.id from ${found.from}
          order by ${orderOf(column, descending, page.mirrored, found.derived)} limit ${sql.lit(page.limit)} offset ${sql.lit(page.offset)}) paged
        join ${PAGED_TABLES} on m.id = paged.id ${listed?.joins ?? sql``}
        order by ${order}`;
      const rows = await pageRowsOf(trx, statement, listed?.engine ?? "postgres", prepared);
      return { rows, total, ...pageCursors(rows, memberOrderName(column, descending), (row) => ({ key: row.sort_key, id: row.id })) };
    });
}

/** The list's filters and search as conditions on members `m` (the work queue serves under them). */
export async function memberListConditions(db: Kysely<Database>, query: ListQuery): Promise<RawBuilder<boolean>[]> {
  return (await narrowing(db, query)).conditions;
}

/**
 * The statement that reads one member's row with the fields the list adds to it and what `extra`
 * adds (the member Next serves, with its latest result), as the page reads its rows.
 */
export function listedMemberSql(id: number | RawBuilder<number>, claimsNow: Date, groupZone: string, extra: ListedSql): RawBuilder<MemberRow & ListedColumns> {
  const listed = listedColumnsSql(claimsNow, groupZone);
  return sql`
    select ${PAGE_COLUMNS}, ${listed.columns}, ${extra.columns}
    from ${PAGE_TABLES} ${listed.joins} ${extra.joins}
    where m.id = ${id}`;
}

/** How many members the filters and search keep (an export's progress), in one snapshot. */
export async function membersCount(db: Kysely<Database>, query: ListQuery): Promise<number> {
  return countOf(db, query, await narrowing(db, query));
}

/**
 * Every member the filters and search keep, in id order, `batchSize` at a time. Each batch is a
 * query of its own that starts after the last id (keyset): no OFFSET to skip, and no cursor or
 * transaction held open between batches, which on PGlite would stop every other user's query
 * for the whole export. Ids never change, so a save during the export neither drops nor repeats
 * a member.
 */
export async function* membersInIdOrder(db: Kysely<Database>, query: ListQuery, batchSize: number): AsyncGenerator<MemberRow[]> {
  const { conditions } = await narrowing(db, query);
  let after = 0;
  for (;;) {
    const { rows } = await sql<MemberRow>`
      select ${PAGE_COLUMNS} from ${PAGE_TABLES}
      where ${all(conditions)} and m.id > ${after} order by m.id limit ${batchSize}`.execute(db);
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1]!.id;
  }
}

export async function listDentists(db: Kysely<Database>) {
  return db
    .selectFrom("dentists")
    .select(["first_name", "name", "practice_id"])
    .orderBy(sql`name collate "C"`)
    .orderBy("practice_id")
    .execute();
}

/** Open issues of the applications that have begun and are not closed, newest first, ties by id. */
export async function listOpenIssues(db: Kysely<Database>, applications: string[], now = new Date()) {
  return db
    .selectFrom("open_issues")
    .select(["id", "application", "down_time_start", "what_is_down", "what_to_do_mean_time"])
    .where("application", "in", applications)
    .where("closed_at", "is", null)
    .where("down_time_start", "<=", now)
    .orderBy("down_time_start", "desc")
    .orderBy("id", "desc")
    .execute();
}
