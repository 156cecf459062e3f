// Notes and results of a member: each save is a history row, becomes the member's current value with
// a new version (in member_work, migration 0054: not in members, whose ~53 indexes each took an
// entry), ends the saver's claim on the member and is audited, all in one transaction (the
// member's lock, then one statement for every write): a save is never kept without its audit row.
// Its events are answered with it, and sent to open event streams once it has committed
// (sendAfterCommit), never before. A saved result marks the member's queue state stale in that statement; the state
// is worked out again after the commit (server/queue/stateFollower.ts).
import { sql, type Kysely, type RawBuilder, type Transaction } from "kysely";
import type { Database } from "../db/database.ts";
import { agentChanged, MEMBER_EVENT_COLUMNS_SQL, memberEventOf, type AgentChanged } from "../events/events.repository.ts";
import { claimEvent, type LiveEvent } from "../../domain/team/events.ts";
import { HttpError } from "../../contract/errors.ts";
import { afterSave, futureVersion, judgeSave, type MemberVersions } from "../../domain/team/versions.ts";
import { endByResult, markedStale, openCallbackId, type CallbackEnd } from "../queue/savedResult.repository.ts";
import { PREPARED } from "../db/preparedStatements.ts";

export interface MemberKey {
  sid: string;
  practice: number;
  patnum: string;
}

interface KeyedMember {
  id: number;
  versions: MemberVersions;
}

/**
 * The member with that subscriber id at that practice, whose patient number must be `patnum`:
 * 404 when there is none, 400 naming the patnum field when it differs. Locked with `lock`.
 */
async function findMember(db: Kysely<Database> | Transaction<Database>, key: MemberKey, patnumField: string, lock: boolean): Promise<KeyedMember> {
  // The member's row is locked (Next's take skips it meanwhile), and its worked row: a save that
  // waited for another then reads the versions that save wrote, not those of its own snapshot.
  // Prepared, as the save's write statement: planning either took longer than running it.
  const { rows: atPractice } = await sql<{ id: number; pat_num: string; version: number; result_version: number; notes_version: number }>`${PREPARED}
    select m.id, m.pat_num, w.version, w.result_version, w.notes_version
    from members m join member_work w on w.member_id = m.id
    where m.subscriber_id = ${key.sid} and m.practice_id = ${key.practice}${lock ? sql` for update of m, w` : sql``}`.execute(db);
  if (atPractice.length === 0) throw new HttpError(404, "No such member at this practice");
  const member = atPractice.find((candidate) => candidate.pat_num === key.patnum);
  if (!member) throw new HttpError(400, `Invalid request: ${patnumField}`, [{ field: patnumField, message: "is not the patient number of this member" }]);
  return { id: member.id, versions: { version: member.version, resultVersion: member.result_version, notesVersion: member.notes_version } };
}

export async function findMemberId(db: Kysely<Database>, key: MemberKey, patnumField: string): Promise<number> {
  return (await findMember(db, key, patnumField, false)).id;
}

/** Who saves, from where (the audit row), the version they saw, and the clock of the save's time. */
export interface SaveContext {
  userId: number;
  address: string;
  /** The member's version the agent saw; undefined: the latest save wins. */
  seen?: number | undefined;
  /**
   * Read once the member is locked: read before, a save that waited for another could carry the
   * earlier time and sort below the save it overwrote.
   */
  clock?: () => Date;
  /** The clock of claims (the real one), which the save's own claim is ended by. */
  claimsNow?: () => Date;
}

/** A save written (with the member's version after it), or refused as stale with the member's value now. */
export type SaveOutcome<Saved, Current> = { saved: Saved & { version: number } } | { stale: Current };

interface LatestSave {
  version: number;
  saved_at: Date | null;
  firstname: string | null;
  lastname: string | null;
}

/**
 * The member's result now and who saved it when (a stale save's 409): the last save made, by id,
 * since saves of a member are serialised by its lock while `created_at` is each instance's clock.
 */
async function currentResult(trx: Transaction<Database>, memberId: number) {
  const { rows } = await sql<LatestSave & { result: string }>`
    select w.version, w.result, r.created_at as saved_at, u.firstname, u.lastname
    from member_work w
    left join lateral (select created_at, user_id from results where member_id = w.member_id order by id desc limit 1) r on true
    left join users u on u.id = r.user_id
    where w.member_id = ${memberId}`.execute(trx);
  return rows[0]!;
}

/** The member's note now and who wrote it when (a stale save's 409). */
async function currentNote(trx: Transaction<Database>, memberId: number) {
  const { rows } = await sql<LatestSave & { notes: string | null; notes_at: Date | null }>`
    select w.version, w.notes, w.notes_at, n.created_at as saved_at, u.firstname, u.lastname
    from member_work w
    left join lateral (select created_at, user_id from notes where member_id = w.member_id order by id desc limit 1) n on true
    left join users u on u.id = n.user_id
    where w.member_id = ${memberId}`.execute(trx);
  return rows[0]!;
}

export type CurrentResultRow = Awaited<ReturnType<typeof currentResult>>;
export type CurrentNoteRow = Awaited<ReturnType<typeof currentNote>>;

/**
 * The member is locked first, so saves of one member are serialised: without a version both are
 * kept and the later is the current one; with one, the later is refused if it missed the earlier.
 */
/** The member row as it is after a save: its event's columns. */
type SavedMember = { id: number; version: number; result: string; notes: string | null; notes_at: Date | null };

/**
 * The writes of a save after its checks, in one statement: the audit row, the history row (its
 * `insert`, returning id and created_at), the member row with its new values and version, and
 * the end of the saver's claim on the member. One round trip instead of four: at call-center speed
 * the database's work per save is mostly statements, not rows. Answers the events to send once
 * the save has committed: the member's, the claim's if the saver held a live one, and the saver's
 * live board row.
 */
async function writeSave(
  trx: Transaction<Database>,
  save: { memberId: number; userId: number; address: string; action: string; claimsNow: Date; carriesCampaign?: boolean },
  history: RawBuilder<unknown>,
  member: RawBuilder<unknown>,
  queue?: { stale: RawBuilder<unknown>; openCallback: RawBuilder<unknown> },
): Promise<{ id: number; created_at: Date; campaign_id: number | null; open_callback: number | null; notices: (LiveEvent | AgentChanged)[] }> {
  const { memberId, userId, address, action, claimsNow } = save;
  const { rows } = await sql<SavedMember & { saved_id: number; saved_at: Date; saved_campaign: number | null; claim_ended: boolean | null; open_callback: number | null }>`${PREPARED}
    with audited as (
      insert into audit_log (user_id, action, member_ids, address) values (${userId}, ${action}, ${[memberId]}, ${address})
    ), saved as (
      ${history} returning id, created_at, ${save.carriesCampaign ? sql`campaign_id` : sql`null::int as campaign_id`}
    ), member as (
      ${member} where member_id = ${memberId} returning ${MEMBER_EVENT_COLUMNS_SQL}
    ), ended as (
      delete from member_claims where user_id = ${userId} and member_id = ${memberId} returning expires_at
    )${queue ? sql`, queued as (${queue.stale})` : sql``}
    select m.*, s.id as saved_id, s.created_at as saved_at, s.campaign_id as saved_campaign, (select bool_or(expires_at > ${claimsNow}) from ended) as claim_ended,
      ${queue ? queue.openCallback : sql`null::int`} as open_callback
    from member m, saved s`.execute(trx);
  const row = rows[0]!;
  const notices = [memberEventOf(row), ...(row.claim_ended ? [claimEvent(memberId, null)] : []), agentChanged(userId)];
  return { id: row.saved_id, created_at: row.saved_at, campaign_id: row.saved_campaign, open_callback: row.open_callback, notices };
}

/**
 * The member is locked first, so saves of one member are serialised: without a version both are
 * kept and the later is the current one; with one, the later is refused if it missed the earlier.
 */
export async function saveResult(db: Kysely<Database>, key: MemberKey, result: string, context: SaveContext) {
  const { userId, address, seen, clock = () => new Date(), claimsNow = () => new Date() } = context;
  return db.transaction().execute(async (trx): Promise<SaveOutcome<{ id: number; result: string; created_at: Date; campaignId: number | null; memberId: number; ended: CallbackEnd | undefined; notices: (LiveEvent | AgentChanged)[] }, CurrentResultRow>> => {
    const member = await findMember(trx, key, "patnum", true);
    const verdict = judgeSave(seen, "result", member.versions);
    if (verdict === "future") throw futureVersion(member.versions);
    if (verdict === "stale") return { stale: await currentResult(trx, member.id) };
    const at = clock();
    const next = afterSave("result", member.versions);
    const saved = await writeSave(
      trx,
      { memberId: member.id, userId, address, action: "saveResult", claimsNow: claimsNow(), carriesCampaign: true },
      // The campaign of the saver's live claim (a Next served the member for it) goes with the result.
      sql`insert into results (member_id, user_id, result, created_at, campaign_id) values (${member.id}, ${userId}, ${result}, ${at},
        (select c.campaign_id from member_claims c where c.member_id = ${member.id} and c.user_id = ${userId} and c.expires_at > ${claimsNow()}))`,
      sql`update member_work set result = ${result}, version = ${next.version}, result_version = ${next.resultVersion}`,
      { stale: markedStale(member.id, result), openCallback: openCallbackId(member.id) },
    );
    const ended = await endByResult(trx, saved.open_callback, result, userId, at);
    return { saved: { id: saved.id, created_at: saved.created_at, campaignId: saved.campaign_id, result, version: next.version, memberId: member.id, ended, notices: saved.notices } };
  });
}

export async function saveNote(db: Kysely<Database>, key: MemberKey, notes: string, context: SaveContext) {
  const { userId, address, seen, clock = () => new Date(), claimsNow = () => new Date() } = context;
  return db.transaction().execute(async (trx): Promise<SaveOutcome<{ id: number; notes: string; created_at: Date; notices: (LiveEvent | AgentChanged)[] }, CurrentNoteRow>> => {
    const member = await findMember(trx, key, "patnum", true);
    const verdict = judgeSave(seen, "notes", member.versions);
    if (verdict === "future") throw futureVersion(member.versions);
    if (verdict === "stale") return { stale: await currentNote(trx, member.id) };
    const at = clock();
    const next = afterSave("notes", member.versions);
    const saved = await writeSave(
      trx,
      { memberId: member.id, userId, address, action: "saveNotes", claimsNow: claimsNow() },
      sql`insert into notes (member_id, user_id, notes, created_at) values (${member.id}, ${userId}, ${notes}, ${at})`,
      sql`update member_work set notes = ${notes}, notes_at = ${at}, version = ${next.version}, notes_version = ${next.notesVersion}`,
    );
    return { saved: { id: saved.id, created_at: saved.created_at, notes, version: next.version, notices: saved.notices } };
  });
}

/** Newest first, ties by id descending. */
export async function resultsOf(db: Kysely<Database>, memberId: number) {
  return db
    .selectFrom("results as r")
    .innerJoin("users as u", "u.id", "r.user_id")
    .select(["r.id", "r.result", "r.created_at", "u.firstname", "u.lastname"])
    .where("r.member_id", "=", memberId)
    .orderBy("r.created_at", "desc")
    .orderBy("r.id", "desc")
    .execute();
}

export async function notesOf(db: Kysely<Database>, memberId: number) {
  return db
    .selectFrom("notes as n")
    .innerJoin("users as u", "u.id", "n.user_id")
    .select(["n.id", "n.notes", "n.created_at", "u.firstname", "u.lastname"])
    .where("n.member_id", "=", memberId)
    .orderBy("n.created_at", "desc")
    .orderBy("n.id", "desc")
    .execute();
}
