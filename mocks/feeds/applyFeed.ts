// The practice feeds in the fake backend: a feed's records (read by the layouts of domain/feeds)
// written to the in-memory store as server/feeds writes them: rows keyed by practice and the
// source's own number (the same file twice changes nothing), members' Status, last visit and next
// appointment following their appointments (domain/feeds/memberStatus.ts), a first visit for the
// first completed one, an open callback closed once the practice booked the member (its history
// keeps no reason here: the server's says "Appointment booked at the practice"), their queue
// places worked out again and open lists told.
import type { MemberRecord } from "../../demo/records.ts";
import type { FeedRecords } from "../../domain/feeds/layouts.ts";
import type { AppointmentRecord, FeedName } from "../../domain/feeds/records.ts";
import { statusEvent } from "../../domain/team/events.ts";
import { firstVisitOrigin, patientVisits } from "../../domain/feeds/patientVisits.ts";
import { BLANK_RESULT } from "../../domain/vocabulary.ts";
import { nextId, type MockDb } from "../db/createMockDb";
import type { MockAppointment } from "../db/records";
import { publishCallback } from "../queue/callbacks";

export interface AppliedRecords {
  /** Records that changed something. */
  written: number;
  unmatched: number;
  membersChanged: number;
}

const patientKey = (practiceId: number, patNum: string) => `${practiceId}/${patNum}`;

function membersOf(db: MockDb, practiceId: number, patNum: string): MemberRecord[] {
  return db.members.filter((member) => member.practiceId === practiceId && member.PatNum !== "" && member.PatNum === patNum);
}

const countUnmatched = (db: MockDb, records: readonly { practiceId: number; patNum: string }[]) =>
  records.filter((record) => membersOf(db, record.practiceId, record.patNum).length === 0).length;

/** The result a member had at an instant (its latest saved before it). */
function resultAt(db: MockDb, memberId: number, at: string): string {
  const before = db.results.filter((result) => result.memberId === memberId && result.createdAt <= at).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
  return before.at(-1)?.Result ?? BLANK_RESULT;
}

/** A member brought up to date from all the appointments of its patient; whether anything changed. */
function followAppointments(db: MockDb, member: MemberRecord, appointments: readonly MockAppointment[]): boolean {
  const visits = patientVisits(member, appointments, { now: db.now().toISOString(), zone: db.queue.practiceZoneOf(member.practiceId) });
  let changed = visits.status !== member.Status || visits.lastVisit !== member.LastVisit || visits.nextApt !== member.NextApt;
  Object.assign(member, { Status: visits.status, LastVisit: visits.lastVisit, NextApt: visits.nextApt });
  if (visits.firstVisit && !db.firstVisits.some((visit) => visit.memberId === member.id)) {
    const result = resultAt(db, member.id, visits.firstVisit.bookedAt);
    db.firstVisits.push({
      id: nextId(db.firstVisits),
      memberId: member.id,
      practiceId: member.practiceId,
      patNum: member.PatNum,
      firstVisitDate: visits.firstVisit.date,
      origin: firstVisitOrigin(result),
      result: result as MemberRecord["Result"],
    });
    changed = true;
  }
  const callback = visits.nextApt !== null ? db.queue.openCallbackOf(member.id) : undefined;
  if (callback) {
    callback.status = "closed";
    callback.version += 1;
    publishCallback(db, callback, "closed");
    changed = true;
  }
  return changed;
}

function applyAppointments(db: MockDb, records: readonly AppointmentRecord[]): AppliedRecords {
  let written = 0;
  const touched = new Set<string>();
  for (const record of records) {
    const existing = db.appointments.find((a) => a.practiceId === record.practiceId && a.aptNum === record.aptNum);
    const changedAt = record.changedAt.toISOString();
    if (existing && existing.changedAt >= changedAt) continue;
    const fields = { patNum: record.patNum, startsAt: record.startsAt.toISOString(), status: record.status, changedAt };
    if (existing) Object.assign(existing, fields);
    else db.appointments.push({ practiceId: record.practiceId, aptNum: record.aptNum, ...fields, bookedAt: changedAt });
    written += 1;
    touched.add(patientKey(record.practiceId, record.patNum));
  }
  let membersChanged = 0;
  for (const key of touched) {
    const [practiceId, patNum] = [Number(key.split("/")[0]), key.slice(key.indexOf("/") + 1)];
    const appointments = db.appointments.filter((a) => a.practiceId === practiceId && a.patNum === patNum);
    for (const member of membersOf(db, practiceId, patNum)) {
      if (!followAppointments(db, member, appointments)) continue;
      membersChanged += 1;
      db.queue.changed(member.id);
      db.events.publish(statusEvent(member));
    }
  }
  if (membersChanged > 0) db.membersRevision += 1;
  return { written, unmatched: countUnmatched(db, records), membersChanged };
}

/** Upserts records keyed by practice and source number into `rows`; how many changed. */
function upsertKeyed<R extends { id: number }>(db: MockDb, feed: FeedName, rows: R[], keyed: readonly { key: string; row: Omit<R, "id"> | null }[]): number {
  let written = 0;
  for (const { key, row } of keyed) {
    const fullKey = `${feed}/${key}`;
    const id = db.feedRowIds.get(fullKey);
    const index = id === undefined ? -1 : rows.findIndex((candidate) => candidate.id === id);
    if (row === null) {
      if (index === -1) continue;
      rows.splice(index, 1);
      db.feedRowIds.delete(fullKey);
    } else if (index === -1) {
      const added = { ...row, id: nextId(rows) } as R;
      rows.push(added);
      db.feedRowIds.set(fullKey, added.id);
    } else {
      const next = { ...row, id: rows[index]!.id } as R;
      if (JSON.stringify(next) === JSON.stringify(rows[index])) continue;
      rows[index] = next;
    }
    written += 1;
  }
  return written;
}

/** Applies one file's good records; what it did. */
export function applyFeedRecords<F extends FeedName>(db: MockDb, feed: F, records: readonly FeedRecords[F][]): AppliedRecords {
  switch (feed) {
    case "appointments":
      return applyAppointments(db, records as readonly AppointmentRecord[]);
    case "deleted-appointments": {
      const rows = records as readonly FeedRecords["deleted-appointments"][];
      const keyed = rows.map((r) => ({
        key: `${r.practiceId}/${r.sourceId}`,
        row: { practiceId: r.practiceId, PatNum: r.patNum, patientName: r.patientName, appointmentDate: r.appointmentAt.toISOString(), deletedAt: r.deletedAt.toISOString(), deletedBy: r.deletedBy, reason: r.reason },
      }));
      return { written: upsertKeyed(db, feed, db.deletedAppointments, keyed), unmatched: countUnmatched(db, rows), membersChanged: 0 };
    }
    case "planned-treatment": {
      const rows = records as readonly FeedRecords["planned-treatment"][];
      const keyed = rows.map((r) => ({ key: `${r.practiceId}/${r.sourceId}`, row: r.priority === null ? null : { practiceId: r.practiceId, patNum: r.patNum, priority: r.priority } }));
      const written = upsertKeyed(db, feed, db.priorities, keyed);
      for (const r of rows) for (const member of membersOf(db, r.practiceId, r.patNum)) db.queue.changed(member.id);
      if (written > 0) db.queue.prioritiesChanged();
      return { written, unmatched: countUnmatched(db, rows), membersChanged: 0 };
    }
    default: {
      const rows = records as readonly FeedRecords["leads"][];
      const keyed = rows.map((r) => ({
        key: `${r.practiceId}/${r.sourceId}`,
        row: { practiceId: r.practiceId, source: r.source, stage: r.stage, outcome: r.outcome, lostReason: r.lostReason, createdAt: r.createdAt.toISOString(), closedAt: r.closedAt?.toISOString() ?? null },
      }));
      return { written: upsertKeyed(db, feed, db.leads, keyed), unmatched: 0, membersChanged: 0 };
    }
  }
}
