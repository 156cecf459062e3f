// Sessions in the database (docs/architecture.md): opaque random tokens stored only as SHA-256 hashes, an
// absolute lifetime and an idle timeout. Any number of server instances can share them.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { sql, type Kysely, type RawBuilder, type Selectable, type Transaction } from "kysely";
import { PREPARED } from "../db/preparedStatements.ts";
import type { Database, SessionsTable, UsersTable } from "../db/database.ts";
import { endWithSessions } from "./sessionEnd.ts";

export type UserRow = Selectable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;

export interface SessionRules {
  idleMs: number;
  lifetimeMs: number;
}

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export async function openSession(db: Kysely<Database>, userId: number, rules: SessionRules, now = new Date()) {
  const token = randomBytes(32).toString("base64url");
  const session = await db
    .insertInto("sessions")
    .values({
      id: randomUUID(),
      token_hash: hashToken(token),
      user_id: userId,
      created_at: now,
      last_seen_at: now,
      expires_at: new Date(now.getTime() + rules.lifetimeMs),
      revoked_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { session, token };
}

/**
 * A session's idle clock is written at most this often: a request reads its session and user in
 * one query, and only the first request of each minute also writes (at 500 saves a second, a write
 * per request was a third of the database's work). A session may so end up to a minute before
 * its idle timeout, never after.
 */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

const USER_COLUMNS = ["id", "email", "firstname", "lastname", "profile_picture", "is_admin", "default_page", "default_location_id", "password_hash", "disabled", "created_at"] as const;

/**
 * Work a call does in its session's statement (one round trip for both): its common table
 * expressions may read the live session as `live` (its `user_id`); its columns come back as
 * `along` beside the session's. Run only when the session is live: with no live session `live`
 * is empty and nothing a data-modifying expression writes from it is written.
 */
export interface AlongSession {
  with: RawBuilder<unknown>;
  along: RawBuilder<unknown>;
}

/**
 * The live session of a token and its user, its idle clock restarted when it was last written
 * SESSION_TOUCH_INTERVAL_MS ago or more; undefined when unknown, revoked, idle too long, past its
 * lifetime, or its user is disabled. With `along`, that work's answer as `along` (null without).
 */
export async function touchSession(db: Kysely<Database>, token: string, rules: SessionRules, now = new Date(), along?: AlongSession) {
  const idleSince = new Date(now.getTime() - rules.idleMs);
  // The user's id is the session's user_id: one column of that name, which `along` may read.
  const userColumns = sql.join(USER_COLUMNS.filter((column) => column !== "id").map((column) => sql`u.${sql.ref(column)} as ${sql.ref(`user_${column}`)}`));
  const { rows } = await sql<SessionRow & Record<string, unknown>>`${PREPARED}
    with live as (
      select s.*, ${userColumns} from sessions s join users u on u.id = s.user_id
      where s.token_hash = ${hashToken(token)} and s.revoked_at is null and s.expires_at > ${now}
        and s.last_seen_at > ${idleSince} and u.disabled = false
    )${along ? sql`, ${along.with}` : sql``}
    select live.*, ${along ? along.along : sql`null`} as along from live`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  const user = Object.fromEntries(USER_COLUMNS.map((column) => [column, column === "id" ? row.user_id : row[`user_${column}`]])) as unknown as UserRow;
  const session: SessionRow = {
    id: row.id,
    token_hash: row.token_hash,
    user_id: row.user_id,
    created_at: row.created_at,
    last_seen_at: row.last_seen_at,
    expires_at: row.expires_at,
    revoked_at: row.revoked_at,
  };
  if (now.getTime() - new Date(session.last_seen_at).getTime() >= SESSION_TOUCH_INTERVAL_MS) {
    // Never moves the clock back: another request (or instance) may have written a later time.
    await db.updateTable("sessions").set({ last_seen_at: now }).where("id", "=", session.id).where("last_seen_at", "<", now).execute();
    session.last_seen_at = now;
  }
  return { session, user, along: row.along as unknown };
}

/** Whether the token's session is one whose account an administrator disabled (a 401 that says so, not an expiry). */
export async function endedByDisabling(db: Kysely<Database>, token: string): Promise<boolean> {
  const row = await db
    .selectFrom("sessions as s")
    .innerJoin("users as u", "u.id", "s.user_id")
    .select("s.id")
    .where("s.token_hash", "=", hashToken(token))
    .where("u.disabled", "=", true)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * When a session ends if nothing touches it before (its idle timeout or its lifetime, whichever
 * comes first), while it is live as touchSession asks (without touching it) and its user is not
 * disabled; undefined once it has ended. An open event stream asks, to end with its session.
 */
export async function liveSessionEnd(db: Kysely<Database>, sessionId: string, rules: SessionRules, now = new Date()): Promise<Date | undefined> {
  return (await liveSession(db, sessionId, rules, now))?.endsAt;
}

/** liveSessionEnd's answer, with whether its user is an administrator (their streams carry the live board). */
export async function liveSession(db: Kysely<Database>, sessionId: string, rules: SessionRules, now = new Date()): Promise<{ endsAt: Date; isAdmin: boolean } | undefined> {
  const row = await db
    .selectFrom("sessions as s")
    .innerJoin("users as u", "u.id", "s.user_id")
    .select(["s.expires_at", "s.last_seen_at", "u.is_admin"])
    .where("s.id", "=", sessionId)
    .where("s.revoked_at", "is", null)
    .where("s.expires_at", ">", now)
    .where("s.last_seen_at", ">", new Date(now.getTime() - rules.idleMs))
    .where("u.disabled", "=", false)
    .executeTakeFirst();
  if (!row) return undefined;
  return { endsAt: new Date(Math.min(new Date(row.expires_at).getTime(), new Date(row.last_seen_at).getTime() + rules.idleMs)), isAdmin: row.is_admin };
}

export async function revokeSession(db: Kysely<Database>, sessionId: string, now = new Date()): Promise<void> {
  await db.updateTable("sessions").set({ revoked_at: now }).where("id", "=", sessionId).execute();
}

/** Ends a session as its idle timeout would (tests and the contract suite's `expireSession`). */
export async function expireSessionByToken(db: Kysely<Database>, token: string, rules: SessionRules): Promise<void> {
  await db
    .updateTable("sessions")
    .set({ last_seen_at: new Date(Date.now() - rules.idleMs - 1000) })
    .where("token_hash", "=", hashToken(token))
    .execute();
}

/** Records a hand-off jti; false when it was already used (single use, docs/architecture.md). */
export async function claimHandoffJti(db: Kysely<Database>, jti: string, expiresAt: Date, now = new Date()): Promise<boolean> {
  await db.deleteFrom("handoff_jtis").where("expires_at", "<", now).execute();
  const inserted = await db
    .insertInto("handoff_jtis")
    .values({ jti, expires_at: expiresAt })
    .onConflict((oc) => oc.column("jti").doNothing())
    .returning("jti")
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findStaffByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom("users")
    .selectAll()
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
    .where("disabled", "=", false)
    .executeTakeFirst();
}

export async function listStaff(db: Kysely<Database>): Promise<UserRow[]> {
  return db.selectFrom("users").selectAll().where("disabled", "=", false).orderBy("lastname").orderBy("firstname").orderBy("email").execute();
}

/** The first staff of the database, in the order they were added (the start's sign-in hint). */
/** Whether the database has any staff account at all, enabled or not. */
export async function anyStaff(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom("users").select("id").limit(1).executeTakeFirst()) !== undefined;
}

export async function firstStaff(db: Kysely<Database>, count: number) {
  return db
    .selectFrom("users")
    .select(["email", "firstname", "lastname", "is_admin", "password_hash"])
    .where("disabled", "=", false)
    .orderBy("id")
    .limit(count)
    .execute();
}

/** What else an account's disabling ends, in its transaction (the staff administration's: the account's open callbacks). */
export type AlsoOnDisable = (trx: Transaction<Database>, userId: number) => Promise<void>;

/**
 * Disables (or enables again) the account of an e-mail; disabling also revokes every session of
 * it, so the user is signed out everywhere at once (docs/architecture.md), and ends what ends with
 * them: their claims and open event streams, on every instance (sessionEnd.ts), after `alsoOnDisable`
 * (which may lock members: a save locks its member before what its claim's end touches). Undefined
 * when no such user.
 */
export async function setUserDisabled(
  db: Kysely<Database>,
  email: string,
  disabled: boolean,
  now = new Date(),
  alsoOnDisable?: AlsoOnDisable,
): Promise<UserRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .updateTable("users")
      .set({ disabled })
      .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
      .returningAll()
      .executeTakeFirst();
    if (user && disabled) {
      await alsoOnDisable?.(trx, user.id);
      const revoked = await trx.updateTable("sessions").set({ revoked_at: now }).where("user_id", "=", user.id).where("revoked_at", "is", null).returning("id").execute();
      await endWithSessions(trx, revoked.map((session) => session.id), now);
    }
    return user;
  });
}
