// Callbacks (openapi.yaml tag callbacks) in the database: one open per member, its changes kept for
// the member's result history, every change published (a `callback` event) in its transaction.
// Their rules are domain/queue/callbacks.ts; each write works the member's queue state out again.
import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../db/database.ts";
import type { components } from "../../contract/schema.d.ts";
import { callbackEvent } from "../../domain/team/events.ts";
import { agentChanged, publish } from "../events/events.repository.ts";

type Db = Kysely<Database> | Transaction<Database>;
type Schemas = components["schemas"];
export type CallbackChange = Schemas["CallbackEvent"]["change"];
/** The changes kept in a member's history (coming due is not a person's change). */
type StoredChange = Exclude<CallbackChange, "due">;

export interface CallbackRow {
  id: number;
  member_id: number;
  owner_id: number | null;
  owner_firstname: string | null;
  owner_lastname: string | null;
  booked_by: number;
  booker_firstname: string;
  booker_lastname: string;
  booked_at: Date;
  due_at: Date;
  owner_until: Date | null;
  note: string;
  status: Schemas["CallbackStatus"];
  version: number;
  time_zone: string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

export function toCallback(row: CallbackRow): Schemas["Callback"] {
  return {
    id: row.id,
    memberId: row.member_id,
    dueAt: iso(row.due_at),
    timeZone: row.time_zone,
    note: row.note,
    status: row.status,
    version: row.version,
    owner: row.owner_id === null ? null : { id: row.owner_id, firstname: row.owner_firstname ?? "", lastname: row.owner_lastname ?? "" },
    ownerUntil: row.owner_until === null ? null : iso(row.owner_until),
    bookedBy: { id: row.booked_by, firstname: row.booker_firstname, lastname: row.booker_lastname },
    bookedAt: iso(row.booked_at),
  };
}

/** Callbacks with their people and their member's zone (the practice group's until the member's is worked out). */
export const callbackRows = (groupZone: string) => sql`
  select c.id, c.member_id, c.owner_id, o.firstname as owner_firstname, o.lastname as owner_lastname,
    c.booked_by, b.firstname as booker_firstname, b.lastname as booker_lastname, c.booked_at, c.due_at, c.owner_until,
    c.note, c.status, c.version, coalesce(q.time_zone, ${groupZone}) as time_zone
  from callbacks c
  join users b on b.id = c.booked_by
  left join users o on o.id = c.owner_id
  left join queue_state q on q.member_id = c.member_id`;

export async function callbackById(db: Db, id: number, groupZone: string): Promise<CallbackRow | undefined> {
  const { rows } = await sql<CallbackRow>`${callbackRows(groupZone)} where c.id = ${id}`.execute(db);
  return rows[0];
}

/** These callbacks as they are now (those a practice's booking closed), in id order. */
export async function callbacksByIds(db: Db, ids: readonly number[], groupZone: string): Promise<CallbackRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<CallbackRow>`${callbackRows(groupZone)} where c.id = any(${ids as number[]}::int[]) order by c.id`.execute(db);
  return rows;
}

/** The member's open callback, locked when `lock` (its changes are decided one at a time). */
export async function openCallbackOf(db: Db, memberId: number, groupZone: string, lock = false): Promise<CallbackRow | undefined> {
  const { rows } = await sql<CallbackRow>`${callbackRows(groupZone)} where c.member_id = ${memberId} and c.status = 'open' ${lock ? sql`for update of c` : sql``}`.execute(db);
  return rows[0];
}

/** The open callbacks of these members (the members list's rows). */
export async function openCallbacksOf(db: Db, memberIds: readonly number[], groupZone: string): Promise<CallbackRow[]> {
  if (memberIds.length === 0) return [];
  const { rows } = await sql<CallbackRow>`${callbackRows(groupZone)} where c.member_id = any(${memberIds as number[]}::int[]) and c.status = 'open'`.execute(db);
  return rows;
}

/** How many open callbacks the user owns. */
export async function openCallbacksOwned(db: Db, userId: number): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*) as n from callbacks where owner_id = ${userId} and status = 'open'`.execute(db);
  return Number(rows[0]!.n);
}

async function noteChange(trx: Transaction<Database>, callback: { id: number; member_id: number; due_at: Date }, userId: number, change: StoredChange, at: Date) {
  await trx.insertInto("callback_changes").values({ callback_id: callback.id, member_id: callback.member_id, user_id: userId, change, due_at: callback.due_at, at }).execute();
}

export interface Booking {
  memberId: number;
  dueAt: Date;
  note: string;
  ownerId: number;
  ownerUntil: Date | null;
  at: Date;
}

/** Books the member's callback, or moves its open one (`open`): the callback's id and the change. */
export async function writeBooking(trx: Transaction<Database>, booking: Booking, open: CallbackRow | undefined): Promise<{ id: number; change: StoredChange }> {
  const { memberId, dueAt, note, ownerId, ownerUntil, at } = booking;
  const written = open
    ? await trx
        .updateTable("callbacks")
        .set({ due_at: dueAt, owner_until: ownerUntil, owner_id: ownerId, note, version: sql`version + 1` })
        .where("id", "=", open.id)
        .returning(["id", "member_id", "due_at"])
        .executeTakeFirstOrThrow()
    : await trx
        .insertInto("callbacks")
        .values({ member_id: memberId, owner_id: ownerId, booked_by: ownerId, booked_at: at, due_at: dueAt, owner_until: ownerUntil, note })
        .returning(["id", "member_id", "due_at"])
        .executeTakeFirstOrThrow();
  const change: StoredChange = open ? "moved" : "booked";
  await noteChange(trx, written, ownerId, change, at);
  return { id: written.id, change };
}

/** Ends an open callback: `closed` by a later result, `cancelled` by a do-not-call result or by hand. */
export async function endCallback(trx: Transaction<Database>, callbackId: number, end: "closed" | "cancelled", userId: number, at: Date): Promise<void> {
  const ended = await trx
    .updateTable("callbacks")
    .set({ status: end })
    .where("id", "=", callbackId)
    .where("status", "=", "open")
    .returning(["id", "member_id", "due_at"])
    .executeTakeFirst();
  if (ended) await noteChange(trx, ended, userId, end, at);
}

/** Gives open callbacks a new owner (null: anyone); their grace periods run from their due times again. */
export async function writeOwners(trx: Transaction<Database>, callbackIds: number[], ownerId: number | null, graceMs: number, userId: number, at: Date): Promise<{ id: number; member_id: number }[]> {
  const ownerUntil = ownerId === null ? sql`null` : sql`due_at + ${`${graceMs} milliseconds`}::interval`;
  const { rows } = await sql<{ id: number; member_id: number; due_at: Date }>`
    update callbacks set owner_id = ${ownerId}, owner_until = ${ownerUntil}, version = version + 1
    where id = any(${callbackIds}::int[]) and status = 'open' returning id, member_id, due_at`.execute(trx);
  for (const row of rows) await noteChange(trx, row, userId, "reassigned", at);
  return rows;
}

/** Publishes the callback as it is now, after `change`; its owner's live board row counts it. */
export async function publishCallback(trx: Transaction<Database>, callbackId: number, change: Schemas["CallbackEvent"]["change"], groupZone: string): Promise<Schemas["Callback"]> {
  const callback = toCallback((await callbackById(trx, callbackId, groupZone))!);
  await publish(trx, callbackEvent(change, callback), ...(callback.owner ? [agentChanged(callback.owner.id)] : []));
  return callback;
}

/** The open callbacks coming due in (after, until]: each instance tells its own streams. */
export async function callbacksComingDue(db: Db, after: Date, until: Date, groupZone: string): Promise<CallbackRow[]> {
  const { rows } = await sql<CallbackRow>`${callbackRows(groupZone)} where c.status = 'open' and c.due_at > ${after} and c.due_at <= ${until} order by c.due_at, c.id`.execute(db);
  return rows;
}

/** The agents whose callbacks became anyone's (their grace period ended) in (after, until]: the board's overdue count moved. */
export async function ownersGoingOverdue(db: Db, after: Date, until: Date): Promise<number[]> {
  const rows = await db
    .selectFrom("callbacks")
    .select("owner_id")
    .distinct()
    .where("status", "=", "open")
    .where("owner_id", "is not", null)
    .where("owner_until", ">", after)
    .where("owner_until", "<=", until)
    .execute();
  return rows.map((row) => row.owner_id!);
}

/** A member's callback changes, oldest first, with who made them (its result history). */
export async function callbackChangesOf(db: Db, memberId: number, groupZone: string) {
  const { rows } = await sql<{ id: number; change: StoredChange; due_at: Date; at: Date; firstname: string; lastname: string; time_zone: string }>`
    select h.id, h.change, h.due_at, h.at, u.firstname, u.lastname, coalesce(q.time_zone, ${groupZone}) as time_zone
    from callback_changes h join users u on u.id = h.user_id left join queue_state q on q.member_id = h.member_id
    where h.member_id = ${memberId} order by h.at, h.id`.execute(db);
  return rows;
}

/**
 * Moves an open callback's due time to `dueAt` as if it had been booked for then, its grace period
 * with it (the contract suite's `moveCallbackDue`: a callback coming due without waiting for it).
 */
export async function moveCallbackDue(db: Kysely<Database>, callbackId: number, dueAt: Date, graceMs: number): Promise<number | undefined> {
  const moved = await db
    .updateTable("callbacks")
    .set({ due_at: dueAt, owner_until: sql`case when owner_id is null then null else ${dueAt}::timestamptz + ${`${graceMs} milliseconds`}::interval end` })
    .where("id", "=", callbackId)
    .where("status", "=", "open")
    .returning("member_id")
    .executeTakeFirst();
  return moved?.member_id;
}
