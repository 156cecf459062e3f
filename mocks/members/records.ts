// Members, notes and results as the contract answers them, and a member looked up as the calls
// identify it. Answers are built field by field: internal keys (dentistId, memberId, userId) never leak.
import { HttpError } from "../../contract/errors.ts";
import type { components } from "../../contract/schema";
import type { Member, MockDb } from "../db/createMockDb";
import type { MemberRecord, NoteRecord, ResultRecord } from "../../demo/records.ts";
import { compareText } from "../../domain/order.ts";
import type { MemberFields, MemberQueueFields } from "../../domain/queue/memberFields.ts";

type Schemas = components["schemas"];

/** The member's own fields as the contract answers them. */
export function toMemberFields(record: MemberRecord): MemberFields {
  return {
    id: record.id,
    company: record.company,
    Subscriber_ID: record.Subscriber_ID,
    PatNum: record.PatNum,
    MCO: record.MCO,
    First_Name: record.First_Name,
    Middle_Name: record.Middle_Name,
    Last_Name: record.Last_Name,
    Practice: record.Practice,
    practiceId: record.practiceId,
    Address1: record.Address1,
    City: record.City,
    State: record.State,
    Phone: record.Phone,
    Date_of_Birth: record.Date_of_Birth,
    Age: record.Age,
    Days_Extracted: record.Days_Extracted,
    notes: record.notes,
    notestimestamp: record.notestimestamp,
    Status: record.Status,
    Result: record.Result,
    LastVisit: record.LastVisit,
    NextApt: record.NextApt,
    entryTime: record.entryTime,
    version: record.version,
  };
}

export function toMemberAnswer(record: MemberRecord, claim: Member["claim"], queue: MemberQueueFields): Member {
  return { ...toMemberFields(record), claim, ...queue };
}

export function authorOf(db: Pick<MockDb, "users">, userId: number): Schemas["PersonName"] {
  const user = db.users.find((candidate) => candidate.id === userId);
  return { firstname: user?.firstname ?? "", lastname: user?.lastname ?? "" };
}

export function toNoteAnswer(db: Pick<MockDb, "users">, note: NoteRecord): Schemas["Note"] {
  return { id: note.id, notes: note.notes, notestimestamp: note.createdAt, user: authorOf(db, note.userId) };
}

export function toResultAnswer(db: Pick<MockDb, "users">, result: ResultRecord): Schemas["ResultHistoryEntry"] {
  return { id: result.id, Result: result.Result, createdAt: result.createdAt, user: authorOf(db, result.userId) };
}

/** The member's result now and the save that set it (the 409 of a stale result save). */
export function currentResultOf(db: Pick<MockDb, "users" | "results">, member: MemberRecord): Schemas["CurrentResult"] {
  const latest = newestFirst(db.results.filter((result) => result.memberId === member.id))[0];
  return { version: member.version, Result: member.Result, savedAt: latest?.createdAt ?? member.entryTime, savedBy: authorOf(db, latest?.userId ?? 0) };
}

/** The member's note now and the save that wrote it (the 409 of a stale note save). */
export function currentNoteOf(db: Pick<MockDb, "users" | "notes">, member: MemberRecord): Schemas["CurrentNote"] {
  const latest = newestFirst(db.notes.filter((note) => note.memberId === member.id))[0];
  const savedAt = latest?.createdAt ?? member.notestimestamp ?? member.entryTime;
  return { version: member.version, notes: member.notes ?? "", notestimestamp: savedAt, savedAt, savedBy: authorOf(db, latest?.userId ?? 0) };
}

/** Newest first, ties by id descending (getNotes, getResults). */
export function newestFirst<T extends { id: number; createdAt: string }>(records: T[]): T[] {
  return records.sort((a, b) => compareText(b.createdAt, a.createdAt) || b.id - a.id);
}

export interface MemberKey {
  sid: string;
  practice: number;
  patnum: string;
}

/**
 * The member with that Subscriber_ID at that practice, whose PatNum must be `patnum`: 404 when no
 * such member exists, 400 naming the patnum field (`patnum`, `params.patnum`) when it differs.
 */
export function findMember(members: readonly MemberRecord[], key: MemberKey, patnumField: string): MemberRecord {
  const atPractice = members.filter((member) => member.Subscriber_ID === key.sid && member.practiceId === key.practice);
  if (atPractice.length === 0) throw new HttpError(404, "No such member at this practice");
  const member = atPractice.find((candidate) => candidate.PatNum === key.patnum);
  if (!member) {
    throw new HttpError(400, `Invalid request: ${patnumField}`, [
      { field: patnumField, message: "is not the patient number of this member" },
    ]);
  }
  return member;
}
