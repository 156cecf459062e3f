// Notes and results of a member: each save is a history row, becomes the member's current value and
// is audited, all in one transaction (a save is never kept without its audit row). The member row is locked first, so two agents saving the same
// member at once are serialised: both history rows are kept and the later save is the current one.
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/database.ts";
import { audit } from "../audit.ts";
import { HttpError } from "../../domain/errors.ts";

export interface MemberKey {
  sid: string;
  practice: number;
  patnum: string;
}

/**
 * The member with that subscriber id at that practice, whose patient number must be `patnum`:
 * 404 when there is none, 400 naming the patnum field when it differs.
 */
export async function findMemberId(db: Kysely<Database> | Transaction<Database>, key: MemberKey, patnumField: string, lock = false): Promise<number> {
  let query = db.selectFrom("members").select(["id", "pat_num"]).where("subscriber_id", "=", key.sid).where("practice_id", "=", key.practice);
  if (lock) query = query.forUpdate();
  const atPractice = await query.execute();
  if (atPractice.length === 0) throw new HttpError(404, "No such member at this practice");
  const member = atPractice.find((candidate) => candidate.pat_num === key.patnum);
  if (!member) throw new HttpError(400, `Invalid request: ${patnumField}`, [{ field: patnumField, message: "is not the patient number of this member" }]);
  return member.id;
}

/** Who saves, from where (the audit row), and the clock of the save's time. */
export interface SaveContext {
  userId: number;
  address: string;
  /**
   * Read once the member is locked: read before, a save that waited for another could carry the
   * earlier time and sort below the save it overwrote.
   */
  clock?: () => Date;
}

export async function saveResult(db: Kysely<Database>, key: MemberKey, result: string, { userId, address, clock = () => new Date() }: SaveContext) {
  return db.transaction().execute(async (trx) => {
    const memberId = await findMemberId(trx, key, "patnum", true);
    const at = clock();
    await audit(trx, { userId, action: "saveResult", memberIds: [memberId], address });
    const saved = await trx.insertInto("results").values({ member_id: memberId, user_id: userId, result, created_at: at }).returning(["id", "result", "created_at", "member_id"]).executeTakeFirstOrThrow();
    await trx.updateTable("members").set({ result }).where("id", "=", memberId).execute();
    return saved;
  });
}

export async function saveNote(db: Kysely<Database>, key: MemberKey, notes: string, { userId, address, clock = () => new Date() }: SaveContext) {
  return db.transaction().execute(async (trx) => {
    const memberId = await findMemberId(trx, key, "patnum", true);
    const at = clock();
    await audit(trx, { userId, action: "saveNotes", memberIds: [memberId], address });
    const saved = await trx.insertInto("notes").values({ member_id: memberId, user_id: userId, notes, created_at: at }).returning(["id", "notes", "created_at", "member_id"]).executeTakeFirstOrThrow();
    await trx.updateTable("members").set({ notes, notes_at: at }).where("id", "=", memberId).execute();
    return saved;
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
