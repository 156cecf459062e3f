// Callbacks and the queue's fields of a member as the contract answers them (the fake backend).
import type { components } from "../../contract/schema";
import type { CallbackRecord, MemberRecord, ResultRecord } from "../../demo/records.ts";
import type { MemberQueueFields } from "../../domain/queue/memberFields.ts";
import { isDoNotCall } from "../../domain/queue/results.ts";
import { memberTimeZone } from "../../domain/queue/timeZones.ts";
import type { MockDb } from "../db/createMockDb";
import { authorOf } from "../members/records";

type Schemas = components["schemas"];

const holder = (db: Pick<MockDb, "users">, userId: number) => {
  const user = db.users.find((candidate) => candidate.id === userId);
  return { id: userId, firstname: user?.firstname ?? "", lastname: user?.lastname ?? "" };
};

/** The member's zone (its State's, else its practice's). */
export const zoneOf = (db: MockDb, member: MemberRecord) => memberTimeZone(member.State, db.queue.practiceZoneOf(member.practiceId));

export function toCallbackAnswer(db: MockDb, record: CallbackRecord): Schemas["Callback"] {
  const member = db.members.find((candidate) => candidate.id === record.memberId)!;
  return {
    id: record.id,
    memberId: record.memberId,
    dueAt: record.dueAt,
    timeZone: zoneOf(db, member),
    note: record.note,
    status: record.status,
    version: record.version,
    owner: record.ownerId === null ? null : holder(db, record.ownerId),
    ownerUntil: record.ownerUntil,
    bookedBy: holder(db, record.bookedBy),
    bookedAt: record.bookedAt,
  };
}

export function toCallbackItem(db: MockDb, record: CallbackRecord): Schemas["CallbackItem"] {
  const member = db.members.find((candidate) => candidate.id === record.memberId)!;
  const { id, Subscriber_ID, PatNum, practiceId, Practice, First_Name, Last_Name, Phone, Result } = member;
  return { ...toCallbackAnswer(db, record), member: { id, Subscriber_ID, PatNum, practiceId, Practice, First_Name, Last_Name, Phone, Result } };
}

/** The member's latest saved result and who saved it when. */
export function latestResultOf(db: MockDb, memberId: number): Schemas["SavedBy"] | null {
  let latest: ResultRecord | undefined;
  for (const result of db.results) if (result.memberId === memberId && (!latest || result.id > latest.id)) latest = result;
  return latest ? { Result: latest.Result, savedAt: latest.createdAt, savedBy: authorOf(db, latest.userId) } : null;
}

export function queueFieldsOf(db: MockDb, member: MemberRecord): MemberQueueFields {
  const open = db.queue.openCallbackOf(member.id);
  const latest = isDoNotCall(member.Result) ? latestResultOf(db, member.id) : null;
  return {
    callback: open ? toCallbackAnswer(db, open) : null,
    doNotCall: latest ? { ...latest, Result: member.Result } : null,
    attempts: db.queue.stateOf(member).attempts,
    timeZone: db.queue.stateOf(member).timeZone,
  };
}
