// Claims of agents on members (domain/team/claims.ts), in the database so that every server
// instance sees the same ones. A claim's row lives until it is taken over, a save ends it, its
// holder signs out or, ended before the day began, the daily job clears it (server/jobs/endedClaims.ts);
// a release ends it at once (expires_at now), and only rows whose expires_at is still ahead count,
// so the live board can tell when an agent's last claim ended. Every change is
// published (a `claim` event, and the holder's live board row) in its transaction; a claim that
// runs out publishes nothing (clients drop it at its expiresAt).
import { sql, type Kysely, type RawBuilder, type Transaction } from "kysely";
import type { Database } from "../db/database.ts";
import { PREPARED } from "../db/preparedStatements.ts";
import { audit } from "../audit.repository.ts";
import { claimExpiry, judgeClaim, type MemberClaim } from "../../domain/team/claims.ts";
import { claimEvent } from "../../domain/team/events.ts";
import { agentChanged, publish } from "../events/events.repository.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** A claim and its holder's name, as the contract's MemberClaim is built from it. */
export interface ClaimRow {
  member_id: number;
  user_id: number;
  firstname: string;
  lastname: string;
  expires_at: Date;
  claimed_at: Date;
}

export const toMemberClaim = (row: ClaimRow): MemberClaim => ({
  memberId: row.member_id,
  by: { id: row.user_id, firstname: row.firstname, lastname: row.lastname },
  expiresAt: new Date(row.expires_at).toISOString(),
});

const claimsWithHolders = (db: Db) =>
  db
    .selectFrom("member_claims as c")
    .innerJoin("users as u", "u.id", "c.user_id")
    .select(["c.member_id", "c.user_id", "u.firstname", "u.lastname", "c.expires_at", "c.claimed_at"]);

/** The live claims on these members. */
export async function liveClaimsOf(db: Db, memberIds: number[], now: Date): Promise<ClaimRow[]> {
  if (memberIds.length === 0) return [];
  return claimsWithHolders(db).where("c.member_id", "=", sql<number>`any(${memberIds}::int[])`).where("c.expires_at", ">", now).execute();
}

export type ClaimOutcome = { claimed: ClaimRow } | { held: ClaimRow } | { unknownMember: true };

/**
 * Claims the member for the user or renews their claim, unless another agent holds a live one.
 * The member's row is locked first, so claims of one member are decided one at a time. The claim
 * belongs to the session it was made or last renewed from, and ends with it.
 */
/**
 * Claims the member for the user. `campaignId` is the campaign a Next served it for; a renewal
 * without one (the browser claiming the served member again) keeps the campaign it had.
 */
export async function claimMember(trx: Transaction<Database>, memberId: number, by: { userId: number; sessionId: string; campaignId?: number }, now: Date, address: string): Promise<ClaimOutcome> {
  const { userId, sessionId } = by;
  const campaignId = by.campaignId ?? null;
  const member = await trx.selectFrom("members").select("id").where("id", "=", memberId).forUpdate().executeTakeFirst();
  if (!member) return { unknownMember: true };
  const current = await claimsWithHolders(trx).where("c.member_id", "=", memberId).executeTakeFirst();
  const hold = current && { userId: current.user_id, expiresAt: current.expires_at };
  const verdict = judgeClaim(hold, userId, now);
  if (verdict === "held") return { held: current! };
  const expiresAt = claimExpiry(now);
  const claimedAt = verdict === "renew" ? current!.claimed_at : now;
  await trx
    .insertInto("member_claims")
    .values({ member_id: memberId, user_id: userId, session_id: sessionId, expires_at: expiresAt, claimed_at: claimedAt, campaign_id: campaignId })
    .onConflict((oc) =>
      oc.column("member_id").doUpdateSet({
        user_id: userId,
        session_id: sessionId,
        expires_at: expiresAt,
        claimed_at: claimedAt,
        campaign_id: verdict === "renew" && campaignId === null ? sql<number | null>`member_claims.campaign_id` : campaignId,
      }),
    )
    .execute();
  await audit(trx, { userId, action: "claimMember", memberIds: [memberId], address });
  const claimed = await claimsWithHolders(trx).where("c.member_id", "=", memberId).executeTakeFirstOrThrow();
  await publish(trx, claimEvent(memberId, toMemberClaim(claimed)), agentChanged(userId));
  return { claimed };
}

/**
 * Next's claim of the member it serves, whose verdict found no live claim on it
 * (queue_state.held_until mirrors the claim): a new claim (judgeClaim's "claim"), written with its
 * audit row and Next's in one statement that also reads `answer` (a statement of the member's row,
 * read as it was before this claim), when `only` holds (the caller's check that nothing the verdict
 * read has changed, or its own lock on the member's row). Undefined, writing nothing, when `only`
 * does not hold or a live claim committed after all (the conflict's row is the latest one,
 * whatever the statement's snapshot). Its events are answered, to be sent once it has committed.
 */
export async function claimServed<Answer>(
  db: Kysely<Database>,
  memberId: number,
  by: ServedBy,
  now: Date,
  address: string,
  answer: RawBuilder<Answer>,
  only: RawBuilder<boolean> = sql<boolean>`true`,
) {
  const { rows } = await sql<ServedClaimRow<Answer>>`${PREPARED}
    with ${servedClaimSql(sql`select ${memberId}::int as member_id where ${only}`, by, now, address)}
    select ${servedClaimColumns(answer)}`.execute(db);
  const row = rows[0];
  return row && servedClaimOf(row, by.userId);
}

type ServedBy = { userId: number; sessionId: string; campaignId?: number | undefined };

/** The claim written by servedClaimSql and the answer read beside it, as servedClaimColumns reads them. */
export interface ServedClaimRow<Answer> {
  claim: ClaimRow;
  answer: Answer;
}

/**
 * The statement's parts of Next's claim (claimServed): the CTEs `claim`, the new claim of the member
 * the statement `member` yields (a member_id, or no row: nothing is written), and `audited`, its
 * audit row and Next's. A live claim that committed after all is left as it is (no row in `claim`).
 */
export function servedClaimSql(member: RawBuilder<unknown>, by: ServedBy, now: Date, address: string): RawBuilder<unknown> {
  const { userId, sessionId } = by;
  const campaignId = by.campaignId ?? null;
  const expiresAt = claimExpiry(now);
  return sql`claim as (
      insert into member_claims (member_id, user_id, session_id, expires_at, claimed_at, campaign_id)
      select f.member_id, ${userId}::int, ${sessionId}::uuid, ${expiresAt}::timestamptz, ${now}::timestamptz, ${campaignId}::int from (${member}) f
      on conflict (member_id) do update set user_id = excluded.user_id, session_id = excluded.session_id,
        expires_at = excluded.expires_at, claimed_at = excluded.claimed_at, campaign_id = excluded.campaign_id
      where member_claims.expires_at <= ${now}
      returning member_id, user_id, expires_at, claimed_at
    ), audited as (
      insert into audit_log (user_id, action, member_ids, address)
      select ${userId}, a.action, array[c.member_id], ${address} from claim c, (values (1, 'claimMember'), (2, 'nextMember')) a (n, action) order by n
    )`;
}

/**
 * The columns `claim` and `answer` of the claim servedClaimSql wrote (none when it wrote none):
 * `answer` is a statement of the claimed member's row, read as it was before the claim; it names
 * the member by id, or as `(select member_id from claim)` (a value looked up once, so that the
 * member's rows are read by their keys: compared with a column of `claim`, a generic plan joined
 * every member to it).
 */
export const servedClaimColumns = (answer: RawBuilder<unknown>) => sql`
    json_build_object('member_id', served_claim.member_id, 'user_id', served_claim.user_id, 'firstname', u.firstname, 'lastname', u.lastname,
      'expires_at', served_claim.expires_at, 'claimed_at', served_claim.claimed_at) as claim, to_json(a) as answer
    from claim served_claim join users u on u.id = served_claim.user_id, lateral (${answer}) a`;

/** The claim and answer claimServed reads, with the events to send once it has committed. */
export const servedClaimOf = <Answer>(row: ServedClaimRow<Answer>, userId: number) => ({
  claimed: row.claim,
  answer: row.answer,
  notices: [claimEvent(row.claim.member_id, toMemberClaim(row.claim)), agentChanged(userId)],
});

/** Ends the user's claim on the member now; false when they held no live one there. */
export async function releaseClaim(trx: Transaction<Database>, memberId: number, userId: number, now: Date, address: string): Promise<boolean> {
  const ended = await trx
    .updateTable("member_claims")
    .set({ expires_at: now })
    .where("member_id", "=", memberId)
    .where("user_id", "=", userId)
    .where("expires_at", ">", now)
    .returning("member_id")
    .executeTakeFirst();
  if (!ended) return false;
  await audit(trx, { userId, action: "releaseClaim", memberIds: [memberId], address });
  await publish(trx, claimEvent(memberId, null), agentChanged(userId));
  return true;
}

/** Ends the claims made from these sessions (they ended): the members whose live claim ended. */
export async function endClaimsOfSessions(trx: Transaction<Database>, sessionIds: readonly string[], now: Date): Promise<number[]> {
  if (sessionIds.length === 0) return [];
  const ended = await trx
    .deleteFrom("member_claims")
    .where("session_id", "=", sql<string>`any(${sessionIds}::uuid[])`)
    .returning(["member_id", "expires_at"])
    .execute();
  const live = ended.filter((row) => new Date(row.expires_at) > now).map((row) => row.member_id);
  for (const id of live) await publish(trx, claimEvent(id, null));
  return live;
}

/**
 * Deletes the claims that ended before `before` (ran out or were released): how many. A nightly
 * sequential read of a table of at most one row per member claimed since; the queue's hold of each
 * (queue_state.held_until, already passed) is cleared with it by its trigger.
 */
export async function deleteClaimsEndedBefore(db: Kysely<Database>, before: Date): Promise<number> {
  const deleted = await db.deleteFrom("member_claims").where("expires_at", "<", before).executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

/** Ends the claim on a member as its 2 minutes would (tests and the contract suite's `expireClaim`). */
export async function expireClaim(db: Kysely<Database>, memberId: number): Promise<void> {
  await db.updateTable("member_claims").set({ expires_at: new Date(Date.now() - 1000) }).where("member_id", "=", memberId).execute();
}
