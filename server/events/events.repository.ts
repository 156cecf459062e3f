// Live events through the database: each change NOTIFYs in the transaction that makes it, or (saves,
// the busiest) right after its commit, so only committed changes are sent to every server
// instance's listener (in commit order; a save's after the commit, in the order its instance saw
// the commits); the tickets
// that open event streams, and the open streams. Each schema has a channel of its own (tests share
// a database). The limits per user are counted under the user's lock (db/userLock.ts), so requests
// sent at once count one after another.
import { createHash, randomBytes } from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../db/database.ts";
import { mayOpenStream, memberEvent, STREAM_UNSEEN_MS, ticketAllowance, ticketExpiry, type LiveEvent } from "../../domain/team/events.ts";
import { lockForUser } from "../db/userLock.ts";
import { batcher, type Batcher } from "../db/batcher.ts";
import type { components } from "../../contract/schema.d.ts";

const CHANNEL = sql<string>`'recall_events_' || current_schema()`;

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
const PAYLOAD_LIMIT = 7999;

/** An agent whose row of the live board changed: each instance reads it back for its administrators' streams. */
export type AgentChanged = { agentChanged: number };

/** A campaign that changed: each instance reads it back for the streams of those who may read it, and of its agents before the change. */
export type CampaignChanged = { campaignChanged: number; agentsBefore: number[] };

/** A user whose rights changed: their open streams carry the administrators' events, or no longer. */
export type RightsChanged = { rightsChanged: number; isAdmin: boolean };

/**
 * What a notification carries: an event for the streams; a member to read the event from (its note
 * was too long to notify); a session that ended, whose streams end on every instance; an agent
 * whose live board row changed; or a user whose rights changed.
 */
export type Notice = LiveEvent | { event: "member"; memberId: number } | { sessionEnded: string } | AgentChanged | CampaignChanged | RightsChanged;

export const agentChanged = (userId: number): AgentChanged => ({ agentChanged: userId });
export const campaignChanged = (id: number, agentsBefore: readonly number[] = []): CampaignChanged => ({ campaignChanged: id, agentsBefore: [...agentsBefore] });

/** What a change hands to every instance's listener. */
type Sent = LiveEvent | AgentChanged | CampaignChanged;

export async function eventsChannel(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ channel: string }>`select ${CHANNEL} as channel`.execute(db);
  return rows[0]!.channel;
}

function payloadOf(notice: Sent): string {
  const payload = JSON.stringify(notice);
  if (Buffer.byteLength(payload) > PAYLOAD_LIMIT && "event" in notice && notice.event === "member") {
    return JSON.stringify({ event: "member", memberId: notice.data.memberId } satisfies Notice);
  }
  return payload;
}

const notifiesOf = (notices: Sent[]) => sql.join(notices.map((notice) => sql`pg_notify(${CHANNEL}, ${payloadOf(notice)})`));

/** Sends the notices to every listener once the transaction commits (or at once outside one), in one statement, in order. */
export async function publish(trx: Kysely<Database>, ...notices: Sent[]): Promise<void> {
  if (notices.length === 0) return;
  await sql`select ${notifiesOf(notices)}`.execute(trx);
}

const senders = new WeakMap<Kysely<Database>, Batcher<(LiveEvent | AgentChanged)[], void>>();

/**
 * Sends the notices of a change that has committed, in order: the notices handed over while one
 * sending is in flight go together in the next, one statement (one transaction) for all of them.
 * PostgreSQL writes the commits of notifying transactions one at a time, under one lock: sent in
 * each save's own transaction, the notices made twenty agents' saves wait for each other's commits.
 */
export function sendAfterCommit(db: Kysely<Database>, ...notices: (LiveEvent | AgentChanged)[]): Promise<void> {
  let send = senders.get(db);
  if (!send) {
    send = batcher(async (batches: (LiveEvent | AgentChanged)[][]) => {
      const notices = batches.flat();
      // A transaction of notices alone: its commit need not wait for the disk (synchronous_commit
      // off for it alone), since it writes nothing else, the listeners hear it at its commit all
      // the same, and PostgreSQL keeps no notice past a crash anyway.
      if (notices.length > 0) await sql`select set_config('synchronous_commit', 'off', true), ${notifiesOf(notices)}`.execute(db);
      return batches.map(() => undefined);
    });
    senders.set(db, send);
  }
  return send(notices);
}

/** Ends the open streams of a session on every instance, once the transaction commits (sign-out). */
export async function publishSessionEnded(trx: Transaction<Database>, sessionId: string): Promise<void> {
  await sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ sessionEnded: sessionId } satisfies Notice)})`.execute(trx);
}

/** Narrows (or widens) the user's open streams on every instance to their new rights, once the transaction commits. */
export async function publishRightsChanged(trx: Transaction<Database>, userId: number, isAdmin: boolean): Promise<void> {
  await sql`select pg_notify(${CHANNEL}, ${JSON.stringify({ rightsChanged: userId, isAdmin } satisfies Notice)})`.execute(trx);
}

/** The columns of member_work (migration 0054) a `member` event is made of, its member id as `id`. */
export const MEMBER_EVENT_COLUMNS_SQL = sql`member_id as id, version, result, notes, notes_at`;

/** The `member` event of a member row. */
export function memberEventOf(row: { id: number; version: number; result: string; notes: string | null; notes_at: Date | null }): LiveEvent {
  return memberEvent({
    id: row.id,
    version: row.version,
    Result: row.result as components["schemas"]["MemberResult"],
    notes: row.notes,
    notestimestamp: row.notes_at === null ? null : new Date(row.notes_at).toISOString(),
  });
}

/** The `member` event of a member's values now (a notice that named the member only). */
export async function memberEventNow(db: Kysely<Database>, memberId: number): Promise<LiveEvent | undefined> {
  const { rows } = await sql<Parameters<typeof memberEventOf>[0]>`select ${MEMBER_EVENT_COLUMNS_SQL} from member_work where member_id = ${memberId}`.execute(db);
  return rows[0] && memberEventOf(rows[0]);
}

const hashOf = (ticket: string) => createHash("sha256").update(ticket).digest("hex");
const TICKET_WINDOW_MS = 60_000;

/** A new ticket of the user's session, unless they took too many this minute (every instance counts). */
export async function issueTicket(db: Kysely<Database>, userId: number, sessionId: string, now: Date) {
  return db.transaction().execute(async (trx): Promise<{ ticket: string; expiresAt: Date } | { retryAfterSeconds: number }> => {
    await lockForUser(trx, "event tickets", userId);
    const windowStart = new Date(now.getTime() - TICKET_WINDOW_MS);
    await trx.deleteFrom("event_tickets").where("issued_at", "<=", windowStart).execute();
    const recent = await trx.selectFrom("event_tickets").select("issued_at").where("user_id", "=", userId).where("issued_at", ">", windowStart).execute();
    const allowance = ticketAllowance(recent.map((row) => new Date(row.issued_at)), now);
    if (!allowance.ok) return { retryAfterSeconds: allowance.retryAfterSeconds };
    const ticket = randomBytes(32).toString("base64url");
    const expiresAt = ticketExpiry(now);
    await trx.insertInto("event_tickets").values({ ticket_hash: hashOf(ticket), user_id: userId, session_id: sessionId, issued_at: now, expires_at: expiresAt }).execute();
    return { ticket, expiresAt };
  });
}

/** Uses a ticket: its user and session, or undefined when it is unknown, used or expired. */
export async function redeemTicket(db: Kysely<Database>, ticket: string, now: Date) {
  return db
    .updateTable("event_tickets")
    .set({ used_at: now })
    .where("ticket_hash", "=", hashOf(ticket))
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .returning(["user_id", "session_id"])
    .executeTakeFirst();
}

/** An open stream of a user's session, as its row says. */
export interface StreamRow {
  id: string;
  userId: number;
  sessionId: string;
}

/**
 * Writes the row of a stream about to open, unless the user holds their limit of open streams
 * (domain/team/events.ts) on any instance; false then, and nothing written. Rows no instance has
 * seen lately (it stopped without ending them) go first.
 */
export async function openStreamRow(trx: Transaction<Database>, { id, userId, sessionId }: StreamRow, now: Date): Promise<boolean> {
  await lockForUser(trx, "event streams", userId);
  await trx.deleteFrom("event_streams").where("user_id", "=", userId).where("seen_at", "<=", new Date(now.getTime() - STREAM_UNSEEN_MS)).execute();
  const { open } = await trx.selectFrom("event_streams").select((eb) => eb.fn.countAll<string>().as("open")).where("user_id", "=", userId).executeTakeFirstOrThrow();
  if (!mayOpenStream(Number(open))) return false;
  await trx.insertInto("event_streams").values({ id, user_id: userId, session_id: sessionId, opened_at: now, seen_at: now }).execute();
  return true;
}

/** Marks an instance's open streams seen, in one statement. */
export async function markStreamsSeen(db: Kysely<Database>, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable("event_streams").set({ seen_at: now }).where("id", "=", sql<string>`any(${ids}::uuid[])`).execute();
}

/** A stream ended: its row goes. */
export async function closeStreamRow(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom("event_streams").where("id", "=", id).execute();
}

/** Ends a ticket as its 30 seconds would (tests). */
export async function expireTicket(db: Kysely<Database>, ticket: string): Promise<void> {
  await db.updateTable("event_tickets").set({ expires_at: new Date(Date.now() - 1000) }).where("ticket_hash", "=", hashOf(ticket)).execute();
}
