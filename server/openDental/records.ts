// Open Dental's rows as the feeds' records (domain/feeds/records.ts), by the meanings its schema
// documents (the rest in sourceRows.ts): appointment.AptStatus 1 Scheduled, 2 Complete,
// 3 UnschedList, 4 ASAP (before 17.4.1; it works as Scheduled), 5 Broken, 6 Planned, 7 and 8
// patient notes on the schedule (no visits); patient.PatStatus 0 Patient, 1 NonPatient,
// 2 Inactive, 3 Archived, 4 Deleted, 5 Deceased, 6 Prospective.
import type {
  AppointmentRecord,
  AppointmentStatus,
  DeletedAppointmentRecord,
  FirstVisitRecord,
  PlannedTreatmentRecord,
} from "../../domain/feeds/records.ts";
import type { TreatmentPriority } from "./settings.ts";
import { HIST_REASON, PROC_TREATMENT_PLANNED, type SourceAppointment, type SourceHistory, type SourcePatient, type SourceProcedure } from "./sourceRows.ts";
import { isEmptySourceTime, sourceInstant } from "./sourceTime.ts";

export const APT_STATUS: Readonly<Record<number, AppointmentStatus>> = { 1: "Scheduled", 2: "Complete", 3: "Unscheduled", 4: "Scheduled", 5: "Broken", 6: "Planned" };

/** Patients whose first visit counts: not a non-patient, a deleted record or a prospect. */
const VISITED_PAT_STATUS = new Set([0, 2, 3, 5]);

/** How the connector reads one database: its clinics' practices, its clock's zone, its priorities. */
export interface Mapping {
  practiceOf: (clinicNum: string) => number | undefined;
  timeZone: string;
  /** By the priority's ItemOrder; a later one takes the last; a procedure without one takes `unprioritized`. */
  priorities: readonly TreatmentPriority[];
  unprioritized: TreatmentPriority;
}

export function appointmentRecord(row: SourceAppointment, practiceId: number, mapping: Mapping): AppointmentRecord | undefined {
  const status = APT_STATUS[row.aptStatus];
  if (!status) return undefined;
  return {
    practiceId,
    patNum: row.patNum,
    aptNum: row.aptNum,
    startsAt: sourceInstant(row.aptDateTime, mapping.timeZone),
    status,
    isNewPatient: Number(row.isNewPatient) === 1,
    changedAt: sourceInstant(row.stamp, mapping.timeZone),
  };
}

/**
 * A deleted appointment leaves Open Dental's appointment table (only histappointment keeps it), so
 * nothing else would take it off the schedule: it is written as off the schedule (Unscheduled) as
 * of its deletion.
 */
export function removedAppointmentRecord(row: SourceHistory, practiceId: number, mapping: Mapping): AppointmentRecord {
  return {
    practiceId,
    patNum: row.patNum,
    aptNum: row.aptNum,
    startsAt: sourceInstant(row.aptDateTime, mapping.timeZone),
    status: "Unscheduled",
    isNewPatient: false,
    changedAt: sourceInstant(row.stamp, mapping.timeZone),
  };
}

export function deletedAppointmentRecord(row: SourceHistory, practiceId: number, mapping: Mapping): DeletedAppointmentRecord | undefined {
  const reason = HIST_REASON[row.action];
  if (!reason) return undefined;
  return {
    practiceId,
    patNum: row.patNum,
    sourceId: row.histApptNum,
    patientName: [row.fName, row.lName].filter(Boolean).join(" "),
    appointmentAt: sourceInstant(row.aptDateTime, mapping.timeZone),
    deletedAt: sourceInstant(row.stamp, mapping.timeZone),
    // HistUserNum 0: no user of the practice (Open Dental's own services, such as its eConnector).
    deletedBy: row.userName ?? "Open Dental",
    reason,
  };
}

export function firstVisitRecord(row: SourcePatient, practiceId: number): FirstVisitRecord | undefined {
  if (!VISITED_PAT_STATUS.has(Number(row.patStatus)) || isEmptySourceTime(row.dateFirstVisit)) return undefined;
  return { practiceId, patNum: row.patNum, firstVisitDate: row.dateFirstVisit.slice(0, 10) };
}

export function plannedTreatmentRecord(row: SourceProcedure, practiceId: number, mapping: Mapping): PlannedTreatmentRecord {
  const planned = Number(row.procStatus) === PROC_TREATMENT_PLANNED;
  const { priorities } = mapping;
  const priority =
    row.itemOrder === null ? mapping.unprioritized : (priorities[Math.min(Number(row.itemOrder), priorities.length - 1)] ?? mapping.unprioritized);
  return { practiceId, patNum: row.patNum, sourceId: row.procNum, priority: planned ? priority : null };
}
