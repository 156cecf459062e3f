// Booking, reassigning and cancelling callbacks, each one transaction: the member's row locked
// first (every write of the queue does so), then its callback, then the owner's lock (db/userLock.ts)
// around the count of their open callbacks; every check of domain/queue/callbacks.ts before the
// first write; the member's place worked out again, the change audited and published.
import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../db/database.ts";
import type { components } from "../../contract/schema.d.ts";
import { HttpError, invalidRequest } from "../../contract/errors.ts";
import {
  CALLBACK_NOTE_MAX,
  doNotCallMember,
  dueAtProblems,
  judgeBooking,
  mayCancel,
  mayMove,
  NO_OPEN_CALLBACK,
  NOT_YOUR_CALLBACK,
  NOT_YOURS_TO_MOVE,
  ownerUntilOf,
  tooManyCallbacks,
} from "../../domain/queue/callbacks.ts";
import { isDoNotCall } from "../../domain/queue/results.ts";
import { memberTimeZone } from "../../domain/queue/timeZones.ts";
import { audit } from "../audit.repository.ts";
import { lockForUser } from "../db/userLock.ts";
import { agentChanged, publish } from "../events/events.repository.ts";
import { callbackById, endCallback, openCallbackOf, openCallbacksOwned, publishCallback, toCallback, writeBooking, writeOwners } from "./callbacks.repository.ts";
import { refreshMembers, type QueueSetting } from "./queueState.repository.ts";

type Callback = components["schemas"]["Callback"];

/** Who asks, from where, and the queue's clock. */
export interface Writer {
  userId: number;
  isAdmin: boolean;
  address: string;
  now: Date;
}

export interface BookingRequest {
  memberId: number;
  dueAt: Date;
  note?: string | undefined;
  seenVersion?: number | undefined;
}

/** Books the member's callback, or moves its open one; `stale` with the open one when the caller missed a booking. */
export async function bookCallback(db: Kysely<Database>, request: BookingRequest, writer: Writer, setting: QueueSetting) {
  const { memberId, dueAt } = request;
  const { userId, now } = writer;
  return db.transaction().execute(async (trx): Promise<{ booked: Callback } | { stale: Callback | null }> => {
    const { rows } = await sql<{ result: string; state: string; practice_zone: string | null }>`
      select w.result, m.state, p.time_zone as practice_zone
      from members m join member_work w on w.member_id = m.id join practices p on p.id = m.practice_id
      where m.id = ${memberId} for update of m, w`.execute(trx);
    const member = rows[0];
    if (!member) throw new HttpError(404, "No such member");
    if (isDoNotCall(member.result)) throw doNotCallMember(member.result);
    const timeZone = memberTimeZone(member.state, member.practice_zone ?? setting.groupZone);
    const problem = dueAtProblems(dueAt.getTime(), now.getTime(), timeZone, setting.rules);
    if (problem) throw problem;
    const open = await openCallbackOf(trx, memberId, setting.groupZone, true);
    if (judgeBooking(request.seenVersion, open?.version) === "stale") return { stale: open ? toCallback(open) : null };
    const ownerUntil = open?.owner_until ? new Date(open.owner_until).getTime() : null;
    if (open && !mayMove({ ownerId: open.owner_id, ownerUntil }, userId, now.getTime())) throw new HttpError(403, NOT_YOURS_TO_MOVE);
    const alreadyMine = open?.owner_id === userId ? 1 : 0;
    // Bookings of other members for the same agent lock other member rows: they count one after another under the agent's lock.
    await lockForUser(trx, "open callbacks", userId);
    if ((await openCallbacksOwned(trx, userId)) - alreadyMine >= setting.rules.maxOpenCallbacks) throw tooManyCallbacks("owner", setting.rules);
    const note = (request.note ?? "").trim().slice(0, CALLBACK_NOTE_MAX);
    const { id, change } = await writeBooking(trx, { memberId, dueAt, note, ownerId: userId, ownerUntil: new Date(ownerUntilOf(dueAt.getTime(), userId, setting.rules)!), at: now }, open);
    await refreshMembers(trx, [memberId], setting, now);
    await audit(trx, { userId, action: "bookCallback", memberIds: [memberId], address: writer.address });
    return { booked: await publishCallback(trx, id, change, setting.groupZone) };
  });
}

/** Gives open callbacks to an agent (or anyone): all of them, or none with a 400 naming what is wrong. How many. */
export async function reassignCallbacks(db: Kysely<Database>, callbackIds: number[], ownerId: number | null, writer: Writer, setting: QueueSetting): Promise<number> {
  return db.transaction().execute(async (trx) => {
    if (ownerId !== null) {
      const owner = await trx.selectFrom("users").select(["id", "disabled"]).where("id", "=", ownerId).executeTakeFirst();
      if (!owner || owner.disabled) throw invalidRequest([{ field: "userId", message: owner ? "is a user whose access has ended" : "is not a user" }]);
    }
    // Their members first, in id order: two reassignments of overlapping callbacks never wait for each other in a circle.
    const members = await trx.selectFrom("callbacks").select("member_id").where("id", "in", callbackIds).execute();
    await trx.selectFrom("members").select("id").where("id", "in", [0, ...members.map((row) => row.member_id)]).orderBy("id").forUpdate().execute();
    const open = await trx.selectFrom("callbacks").select(["id", "owner_id"]).where("id", "in", callbackIds).where("status", "=", "open").forUpdate().execute();
    const openIds = new Set(open.map((row) => row.id));
    const missing = callbackIds.flatMap((id, index) => (openIds.has(id) ? [] : [{ field: `callbackIds.${index}`, message: "is not an open callback" }]));
    if (missing.length > 0) throw invalidRequest(missing);
    if (ownerId !== null) {
      // After the members (a booking locks its member first too): reassignments and bookings for one agent count one after another.
      await lockForUser(trx, "open callbacks", ownerId);
      const gained = open.filter((row) => row.owner_id !== ownerId).length;
      if ((await openCallbacksOwned(trx, ownerId)) + gained > setting.rules.maxOpenCallbacks) throw tooManyCallbacks("userId", setting.rules);
    }
    const changed = await writeOwners(trx, callbackIds, ownerId, setting.rules.callbackGraceMs, writer.userId, writer.now);
    await refreshMembers(trx, changed.map((row) => row.member_id), setting, writer.now);
    await audit(trx, { userId: writer.userId, action: "reassignCallbacks", memberIds: changed.map((row) => row.member_id), address: writer.address });
    for (const row of changed) await publishCallback(trx, row.id, "reassigned", setting.groupZone);
    // The owners they left: their live board rows count them no more.
    const formerOwners = new Set(open.flatMap((row) => (row.owner_id !== null && row.owner_id !== ownerId ? [row.owner_id] : [])));
    if (formerOwners.size > 0) await publish(trx, ...[...formerOwners].map(agentChanged));
    return changed.length;
  });
}

/** Cancels an open callback for its owner (anyone for anyone's) or an administrator: 404 when none is open, 403 for others. */
export async function cancelCallback(db: Kysely<Database>, callbackId: number, writer: Writer, setting: QueueSetting): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const found = await callbackById(trx, callbackId, setting.groupZone);
    if (!found || found.status !== "open") throw new HttpError(404, NO_OPEN_CALLBACK);
    await trx.selectFrom("members").select("id").where("id", "=", found.member_id).forUpdate().execute();
    const locked = await openCallbackOf(trx, found.member_id, setting.groupZone, true);
    if (!locked || locked.id !== found.id) throw new HttpError(404, NO_OPEN_CALLBACK);
    if (!mayCancel(locked.owner_id, { id: writer.userId, isAdmin: writer.isAdmin })) throw new HttpError(403, NOT_YOUR_CALLBACK);
    await endCallback(trx, locked.id, "cancelled", writer.userId, writer.now);
    await refreshMembers(trx, [locked.member_id], setting, writer.now);
    await audit(trx, { userId: writer.userId, action: "cancelCallback", memberIds: [locked.member_id], address: writer.address });
    await publishCallback(trx, locked.id, "cancelled", setting.groupZone);
  });
}

/**
 * An agent's access ended: their open callbacks become anyone's at once, in the transaction that
 * disables them (domain/queue/callbacks.ts), so no promise waits for someone who cannot sign in.
 * Their members locked first, in id order, as every write of the queue does; each a `reassigned`
 * change (by the administrator, or by the agent themselves from `npm run user`, which has no
 * user: the history names a person, the audit log the command), audited and published.
 */
export async function releaseCallbacksOf(trx: Transaction<Database>, ownerId: number, by: { userId: number | null; address: string }, setting: QueueSetting, now: Date): Promise<void> {
  const owned = await trx.selectFrom("callbacks").select("member_id").where("owner_id", "=", ownerId).where("status", "=", "open").execute();
  if (owned.length === 0) return;
  await trx.selectFrom("members").select("id").where("id", "in", owned.map((row) => row.member_id)).orderBy("id").forUpdate().execute();
  const open = await trx.selectFrom("callbacks").select("id").where("owner_id", "=", ownerId).where("status", "=", "open").forUpdate().execute();
  const changed = await writeOwners(trx, open.map((row) => row.id), null, setting.rules.callbackGraceMs, by.userId ?? ownerId, now);
  await refreshMembers(trx, changed.map((row) => row.member_id), setting, now);
  await audit(trx, { userId: by.userId, action: `releaseCallbacks ${ownerId}`, memberIds: changed.map((row) => row.member_id), address: by.address });
  for (const row of changed) await publishCallback(trx, row.id, "reassigned", setting.groupZone);
  await publish(trx, agentChanged(ownerId));
}
