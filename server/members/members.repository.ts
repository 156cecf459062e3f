// The members list: every filter, sort and page of GET /Members/getMembersTableData in SQL, and
// the dentists. Text sorts compare code units ("C" collation) on both engines, nulls last in both
// directions, ties by id.
import { sql, type Expression, type Kysely, type SqlBool } from "kysely";
import type { components } from "../../src/api/schema.d.ts";
import type { Database } from "../db/database.ts";
import { searchCondition } from "./search.ts";

type Schemas = components["schemas"];
export type MemberSortColumn = Schemas["MemberSortColumn"];

export interface MembersQuery {
  pageNum: number;
  pageSize: number;
  company?: string;
  /** One practice id, several separated by commas, or `all`. */
  practice?: string;
  region?: string;
  status?: string;
  /** '' = members whose result is Blank. */
  result?: string;
  mco?: string;
  /** '' = every dentist. */
  dentistFirstName?: string;
  search?: string;
  orderByColumn?: MemberSortColumn;
  /** Descending (the specification's name for "sort the same column again"). */
  sameColumn?: boolean;
}

const AGE = sql`date_part('year', age(current_date, m.date_of_birth))::int`;

/** The SQL value each sortable column sorts by; text columns in code unit order. */
const SORT_KEYS: Record<MemberSortColumn, Expression<unknown>> = {
  Subscriber_ID: sql`m.subscriber_id collate "C"`,
  PatNum: sql`m.pat_num collate "C"`,
  MCO: sql`m.mco collate "C"`,
  First_Name: sql`m.first_name collate "C"`,
  Middle_Name: sql`m.middle_name collate "C"`,
  Last_Name: sql`m.last_name collate "C"`,
  Practice: sql`p.abbr collate "C"`,
  Address1: sql`m.address1 collate "C"`,
  City: sql`m.city collate "C"`,
  State: sql`m.state collate "C"`,
  Phone: sql`m.phone collate "C"`,
  Date_of_Birth: sql`m.date_of_birth`,
  Age: AGE,
  Days_Extracted: sql`m.days_extracted`,
  notes: sql`m.notes collate "C"`,
  notestimestamp: sql`m.notes_at`,
  Status: sql`m.status collate "C"`,
  Result: sql`m.result collate "C"`,
  LastVisit: sql`m.last_visit`,
  NextApt: sql`m.next_apt`,
  entryTime: sql`m.entry_time`,
} as Record<MemberSortColumn, Expression<unknown>>;

const given = (value: string | undefined): value is string => value !== undefined && value !== "all";

function filtered(db: Kysely<Database>, query: MembersQuery) {
  let q = db.selectFrom("members as m").innerJoin("practices as p", "p.id", "m.practice_id");
  if (given(query.company)) q = q.where("m.company", "=", query.company);
  if (given(query.practice)) q = q.where("m.practice_id", "in", query.practice.split(",").map(Number));
  if (given(query.region)) {
    const region = query.region;
    q = q.where("p.region_id", "=", (eb) => eb.selectFrom("regions").select("id").where("name", "=", region));
  }
  if (given(query.status)) q = q.where("m.status", "=", query.status);
  if (given(query.result)) q = q.where("m.result", "=", query.result);
  if (given(query.mco)) q = q.where("m.mco", "=", query.mco);
  if (query.dentistFirstName) {
    const firstName = query.dentistFirstName;
    q = q.where("m.dentist_id", "in", (eb) => eb.selectFrom("dentists").select("id").where("first_name", "=", firstName));
  }
  const search = query.search?.trim();
  if (search) q = q.where(searchCondition(search) as Expression<SqlBool>);
  return q;
}

export async function membersPage(db: Kysely<Database>, query: MembersQuery) {
  const column = query.orderByColumn;
  const direction = column && query.sameColumn ? sql`desc` : sql`asc`;
  let page = filtered(db, query).select([
    "m.id",
    "m.company",
    "m.subscriber_id",
    "m.pat_num",
    "m.mco",
    "m.first_name",
    "m.middle_name",
    "m.last_name",
    "p.abbr as practice",
    "m.practice_id",
    "m.address1",
    "m.city",
    "m.state",
    "m.phone",
    sql<string>`to_char(m.date_of_birth, 'YYYY-MM-DD')`.as("date_of_birth"),
    AGE.as("age") as never,
    "m.days_extracted",
    "m.notes",
    "m.notes_at",
    "m.status",
    "m.result",
    sql<string | null>`to_char(m.last_visit, 'YYYY-MM-DD')`.as("last_visit"),
    "m.next_apt",
    "m.entry_time",
  ]);
  page = column
    ? page.orderBy(sql`${SORT_KEYS[column]} ${direction} nulls last`)
    : page.orderBy(sql`m.last_name collate "C"`).orderBy(sql`m.first_name collate "C"`);
  const rows = await page
    .orderBy("m.id")
    .limit(query.pageSize)
    .offset((query.pageNum - 1) * query.pageSize)
    .execute();
  const { total } = await filtered(db, query)
    .select((eb) => eb.fn.countAll<string>().as("total"))
    .executeTakeFirstOrThrow();
  return { rows: rows as (typeof rows[number] & { age: number })[], total: Number(total) };
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
