// The members list's order in SQL: which column each sort reads, the order itself and its mirror
// image, and keyset paging (domain/members/pageCursor.ts): the rows after or before a page's edge
// row. Text sorts compare code units ("C" collation) on both engines, nulls last in both
// directions, ties by id ascending; each order has an index (migrations 0002, 0010, 0013; the
// result, notes and note time sorts on member_work, 0054; Status, last visit and next appointment on
// member_visits, 0060). The descending order of a column that is never empty is read backwards from
// its ascending index (0062, 0066), whose ties then come by id descending (domain/membersOrder.ts).
import { sql, type Expression, type RawBuilder } from "kysely";
import { invalidRequest } from "../../contract/errors.ts";
import { memberOrderName, type PageCursor } from "../../domain/members/pageCursor.ts";
import { memberSortKey, type MemberSortColumn, type MemberSortKey } from "../../domain/membersOrder.ts";

/**
 * The column each sort key is. Practice sorts by the abbreviation its members carry (migration
 * 0013); Age by the birth date (domain/membersOrder.ts).
 */
const SORT_COLUMNS: Record<MemberSortKey, string> = {
  Subscriber_ID: "subscriber_id",
  PatNum: "pat_num",
  MCO: "mco",
  First_Name: "first_name",
  Middle_Name: "middle_name",
  Last_Name: "last_name",
  Practice: "practice_abbr",
  Address1: "address1",
  City: "city",
  State: "state",
  Phone: "phone",
  Date_of_Birth: "date_of_birth",
  Days_Extracted: "days_extracted",
  notes: "notes",
  notestimestamp: "notes_at",
  Status: "status",
  Result: "result",
  LastVisit: "last_visit",
  NextApt: "next_apt",
  entryTime: "entry_time",
};

/** A date PostgreSQL accepts: a real day of a year from 1 (JavaScript's calendar agrees with it there). */
const isDate = (text: string) => /^(?!0000)\d{4}-\d{2}-\d{2}$/.test(text) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);
/** A time stamp as PostgreSQL writes one as text (ISO date style). */
const TIMESTAMP = /^(\d{4}-\d{2}-\d{2}) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?[+-](0\d|1[0-5])(:[0-5]\d){0,2}$/;

/**
 * The columns that are not text, with how a cursor's key (the value as PostgreSQL writes it as
 * text, exact to the microsecond) must look to be cast back: anything else is refused, not run.
 */
const NOT_TEXT: Record<string, { type: string; fits: (text: string) => boolean }> = {
  date_of_birth: { type: "date", fits: isDate },
  last_visit: { type: "date", fits: isDate },
  days_extracted: { type: "int", fits: (text) => /^-?\d{1,9}$/.test(text) },
  notes_at: { type: "timestamptz", fits: (text) => isDate(TIMESTAMP.exec(text)?.[1] ?? "") },
  next_apt: { type: "timestamptz", fits: (text) => isDate(TIMESTAMP.exec(text)?.[1] ?? "") },
  entry_time: { type: "timestamptz", fits: (text) => isDate(TIMESTAMP.exec(text)?.[1] ?? "") },
};

const columnOf = (column: MemberSortColumn) => SORT_COLUMNS[memberSortKey(column, false).key];

/**
 * Sort columns kept beside members, joined by id, read through their own table's indexes: what
 * agents write in member_work `w` (migration 0054), what the practices' appointments decide in
 * member_visits `v` (0060).
 */
const BESIDE: Record<string, { alias: "w" | "v"; table: RawBuilder<unknown> }> = {
  result: { alias: "w", table: sql`member_work w on w.member_id = m.id` },
  notes: { alias: "w", table: sql`member_work w on w.member_id = m.id` },
  notes_at: { alias: "w", table: sql`member_work w on w.member_id = m.id` },
  status: { alias: "v", table: sql`member_visits v on v.member_id = m.id` },
  last_visit: { alias: "v", table: sql`member_visits v on v.member_id = m.id` },
  next_apt: { alias: "v", table: sql`member_visits v on v.member_id = m.id` },
};

/** The members an order walks: with the row beside them that holds its column. */
export function membersFrom(column: MemberSortColumn | undefined) {
  const beside = column === undefined ? undefined : BESIDE[columnOf(column)];
  return beside ? sql`members m join ${beside.table}` : sql`members m`;
}

/**
 * A sort column of the members `m` (or the row beside them), or of a derived table `m` of their
 * ids and sort columns (`derived`).
 */
const refOf = (name: string, derived = false) => sql.ref(`${derived ? "m" : (BESIDE[name]?.alias ?? "m")}.${name}`);

/** The SQL value a sort column sorts by: text columns in code unit order. */
function sortValue(name: string, derived = false): Expression<unknown> {
  const column = refOf(name, derived);
  return name in NOT_TEXT ? column : sql`${column} collate "C"`;
}

/**
 * The descending order of a column that is never empty (so Age ascending) is its ascending order
 * exactly reversed, ties by id descending (domain/membersOrder.ts `idsDescending`): it is read
 * backwards from the ascending index as it stands, with no descending index (migrations 0062,
 * 0066: every member inserted wrote an entry in each one) and nothing sorted, however many members
 * share a value (an empty phone, a file's extraction time, an MCO). Having no nulls, it needs no
 * place for them: the order is written without one. The columns that can be empty, and Practice,
 * keep their descending index and ties by id ascending.
 */
const reversed = (key: Expression<unknown>, mirrored: boolean) => (mirrored ? sql`${key} asc, m.id asc` : sql`${key} desc, m.id desc`);

/** Sorts that an index keyed by practice first serves within one practice: city (migration 0045), and the default order by name (0063). */
const PRACTICE_ORDERED = new Set(["city"]);
export const practiceOrdered = (column: MemberSortColumn | undefined) => column === undefined || PRACTICE_ORDERED.has(columnOf(column));

/** The columns an order reads besides id: the filtered members are found with these alone. */
export const orderColumns = (column: MemberSortColumn | undefined) => (column ? [columnOf(column)] : ["last_name", "first_name"]);

/** The id and sort columns of members `m` (and `w`), as a derived table of the order keeps them. */
export const foundColumns = (column: MemberSortColumn | undefined) => sql.join([sql.ref("m.id"), ...orderColumns(column).map((name) => refOf(name))]);

/**
 * The list order, or its mirror image: pages past the middle, and the page before a cursor, are
 * read from the other end.
 */
export function orderOf(column: MemberSortColumn | undefined, descending: boolean, mirrored: boolean, derived = false) {
  if (!column) {
    const way = mirrored ? sql`desc` : sql`asc`;
    return sql`m.last_name collate "C" ${way}, m.first_name collate "C" ${way}, m.id ${way}`;
  }
  const sort = memberSortKey(column, descending);
  const name = SORT_COLUMNS[sort.key];
  const key = sortValue(name, derived);
  if (sort.idsDescending) return reversed(key, mirrored);
  if (!mirrored) return sort.descending ? sql`${key} desc nulls last, m.id` : sql`${key} asc nulls last, m.id`;
  return sort.descending ? sql`${key} asc nulls first, m.id desc` : sql`${key} desc nulls first, m.id desc`;
}

/**
 * The order of a page's rows once found, sorted again after their joins (a page of them at most):
 * the list order, with a descending id written as `-m.id` (the same order; ids are positive).
 * With `m.id desc` as the statement's last key, PostgreSQL spent about 2.3 ms more processor time
 * planning the page (5.9 against 3.6 ms a plan at 1,000,000 members) on ordered paths of the
 * joined tables' indexes that a sort of 15 rows never uses.
 */
export function pageRowsOrder(column: MemberSortColumn | undefined, descending: boolean) {
  const sort = column === undefined ? undefined : memberSortKey(column, descending);
  if (!sort?.idsDescending) return orderOf(column, descending, false);
  return sql`${sortValue(SORT_COLUMNS[sort.key])} desc, -m.id`;
}

/** A row's place in the order, as a cursor keeps it: its sort values as text (null stays null). */
export function sortKeyText(column: MemberSortColumn | undefined) {
  return sql`array[${sql.join(orderColumns(column).map((name) => sql`${refOf(name)}::text`))}]::text[]`;
}

const refused = (message: string) => invalidRequest([{ field: "cursor", message }]);

/** The cursor's key, checked against the order it is used in: a 400 naming `cursor` otherwise. */
export function cursorKey(cursor: PageCursor | undefined, column: MemberSortColumn | undefined, descending: boolean): (string | null)[] {
  if (!cursor) throw refused("is not a cursor of the members list");
  if (cursor.order !== memberOrderName(column, descending)) throw refused("was read in another sort");
  const names = orderColumns(column);
  const fits = cursor.key.length === names.length && cursor.key.every((value, index) => value === null || (typeof value === "string" && (NOT_TEXT[names[index]!]?.fits(value) ?? !value.includes("\u0000"))));
  if (!fits) throw refused("is not a cursor of the members list");
  return cursor.key as (string | null)[];
}

const valueOf = (name: string, value: string) => (name in NOT_TEXT ? sql`cast(${value} as ${sql.raw(NOT_TEXT[name]!.type)})` : sql`${value}`);

/**
 * The rows after (or before) the cursor's row, as conditions that each an index range serves, so
 * that the page is one seek whatever its depth (their union is the whole set). The default order
 * (names, never null) is one row comparison; a column sort's are the same value with an id beyond
 * the cursor's in the order's ties, the values beyond it, and the nulls that end both directions.
 */
export function keysetConditions(column: MemberSortColumn | undefined, descending: boolean, cursor: PageCursor, key: (string | null)[]): RawBuilder<boolean>[] {
  const after = cursor.direction === "after";
  if (!column) {
    const beyond = after ? sql`>` : sql`<`;
    return [sql<boolean>`(m.last_name collate "C", m.first_name collate "C", m.id) ${beyond} (${key[0]}, ${key[1]}, ${cursor.id})`];
  }
  const sort = memberSortKey(column, descending);
  const beyond = after !== sort.idsDescending ? sql`>` : sql`<`;
  const name = SORT_COLUMNS[sort.key];
  const ref = sortValue(name);
  const value = key[0] ?? null;
  if (value === null) {
    const nulls = sql<boolean>`${refOf(name)} is null and m.id ${beyond} ${cursor.id}`;
    return after ? [nulls] : [nulls, sql<boolean>`${refOf(name)} is not null`];
  }
  const later = after !== sort.descending ? sql`>` : sql`<`;
  const conditions = [
    sql<boolean>`${ref} = ${valueOf(name, value)} and m.id ${beyond} ${cursor.id}`,
    sql<boolean>`${ref} ${later} ${valueOf(name, value)}`,
  ];
  return after ? [...conditions, sql<boolean>`${refOf(name)} is null`] : conditions;
}
