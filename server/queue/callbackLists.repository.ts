// Lists of open callbacks with their members: the caller's own ("My callbacks"), every one for
// administrators (filtered, paged, due first), and who can own them.
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "../db/database.ts";
import type { components } from "../../contract/schema.d.ts";
import { startOfDay, startOfDayAfter } from "../reports/periods.repository.ts";
import { callbackRows, toCallback, type CallbackRow } from "./callbacks.repository.ts";

type Schemas = components["schemas"];

type ItemRow = CallbackRow & {
  subscriber_id: string;
  pat_num: string;
  practice_id: number;
  practice: string;
  first_name: string;
  last_name: string;
  phone: string;
  result: string;
};

export function toCallbackItem(row: ItemRow): Schemas["CallbackItem"] {
  return {
    ...toCallback(row),
    member: {
      id: row.member_id,
      Subscriber_ID: row.subscriber_id,
      PatNum: row.pat_num,
      practiceId: row.practice_id,
      Practice: row.practice,
      First_Name: row.first_name,
      Last_Name: row.last_name,
      Phone: row.phone,
      Result: row.result as Schemas["MemberResult"],
    },
  };
}

const itemRows = (groupZone: string, where: RawBuilder<boolean>) => sql<ItemRow>`
  select i.*, m.subscriber_id, m.pat_num, m.practice_id, p.abbr as practice, m.first_name, m.last_name, m.phone, w.result
  from (${callbackRows(groupZone)} where c.status = 'open') i
  join members m on m.id = i.member_id join member_work w on w.member_id = m.id join practices p on p.id = m.practice_id
  where ${where}`;

/** The caller's open callbacks, due first. */
export async function myCallbacks(db: Kysely<Database>, userId: number, groupZone: string): Promise<ItemRow[]> {
  const { rows } = await sql<ItemRow>`${itemRows(groupZone, sql`i.owner_id = ${userId}`)} order by i.due_at, i.id`.execute(db);
  return rows;
}

export interface CallbackFilters {
  owner?: string;
  practice?: string;
  dueFrom?: string;
  dueTo?: string;
  pageNum: number;
  pageSize: number;
}

/** One page of open callbacks under the filters (due days in the practice group's zone), and how many match. */
export async function callbackPage(db: Kysely<Database>, filters: CallbackFilters, groupZone: string): Promise<{ rows: ItemRow[]; total: number }> {
  const conditions: RawBuilder<boolean>[] = [sql`true`];
  if (filters.owner === "anyone") conditions.push(sql`i.owner_id is null`);
  else if (filters.owner && filters.owner !== "all") conditions.push(sql`i.owner_id = ${Number(filters.owner)}`);
  if (filters.practice && filters.practice !== "all") conditions.push(sql`m.practice_id = any(${filters.practice.split(",").map(Number)}::int[])`);
  if (filters.dueFrom) conditions.push(sql<boolean>`i.due_at >= ${startOfDay(filters.dueFrom, groupZone)}`);
  if (filters.dueTo) conditions.push(sql<boolean>`i.due_at < ${startOfDayAfter(filters.dueTo, groupZone)}`);
  const where = sql<boolean>`${sql.join(conditions, sql` and `)}`;
  const { rows } = await sql<ItemRow>`${itemRows(groupZone, where)} order by i.due_at, i.id limit ${filters.pageSize} offset ${(filters.pageNum - 1) * filters.pageSize}`.execute(db);
  const { rows: counted } = await sql<{ n: string }>`select count(*) as n from (${itemRows(groupZone, where)}) matching`.execute(db);
  return { rows, total: Number(counted[0]!.n) };
}

/** Staff whose access has not ended, with the open callbacks each owns, by name. */
export async function callbackOwners(db: Kysely<Database>) {
  const { rows } = await sql<{ id: number; firstname: string; lastname: string; open: string }>`
    select u.id, u.firstname, u.lastname, (select count(*) from callbacks c where c.owner_id = u.id and c.status = 'open') as open
    from users u where not u.disabled order by u.lastname collate "C", u.firstname collate "C", u.id`.execute(db);
  return rows;
}
