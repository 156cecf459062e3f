// The practices' data as every source hands it over (a CSV file of a feed, the Open Dental
// connector): one normalized record type per feed, checked already (a practice that exists, a
// known status, real instants). Whatever reads a source turns its rows into these and applies them
// with applyFeedBatch (server/feeds/applyFeedBatch.ts); what they change is decided there only.
import type { components } from "../../contract/schema";

type Schemas = components["schemas"];

export const FEEDS = ["appointments", "deleted-appointments", "planned-treatment", "leads"] as const;
export type FeedName = (typeof FEEDS)[number];

/** An appointment's status as the practice system keeps it (Open Dental's AptStatus 1, 2, 3, 5, 6). */
export const APPOINTMENT_STATUSES = ["Scheduled", "Complete", "Broken", "Unscheduled", "Planned"] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** One appointment, keyed by practice and the source's own appointment number (AptNum). */
export interface AppointmentRecord {
  practiceId: number;
  patNum: string;
  aptNum: string;
  /** When the appointment is (or was), an instant. */
  startsAt: Date;
  status: AppointmentStatus;
  /** The practice marked it as the patient's first visit. */
  isNewPatient: boolean;
  /** When the source last changed it: an older record never overwrites a newer one. */
  changedAt: Date;
}

/** A patient's first visit as the source itself records it (Open Dental's patient.DateFirstVisit). */
export interface FirstVisitRecord {
  practiceId: number;
  patNum: string;
  /** `YYYY-MM-DD`. */
  firstVisitDate: string;
}

/** An appointment deleted, cancelled or broken at the practice (the Deleted Appointments reports' rows). */
export interface DeletedAppointmentRecord {
  practiceId: number;
  patNum: string;
  /** The source's own number of the deletion (Open Dental's HistApptNum; the file's Deletion_ID). */
  sourceId: string;
  patientName: string;
  appointmentAt: Date;
  deletedAt: Date;
  deletedBy: string;
  /** '' when none was given. */
  reason: string;
}

/** A treatment-planned procedure's priority; null: no longer planned (completed or deleted at the source). */
export interface PlannedTreatmentRecord {
  practiceId: number;
  patNum: string;
  /** The source's own number of the planned procedure (Open Dental's ProcNum). */
  sourceId: string;
  priority: Schemas["TreatmentPriority"] | null;
}

export const LEAD_STAGES = ["Lead", "Contacted", "Appointment Set", "Visited", "Won"] as const;
export const LEAD_OUTCOMES = ["open", "won", "lost"] as const;

/** A lead of a practice (Quality Index, Lead Data), keyed by practice and the source's own lead number. */
export interface LeadRecord {
  practiceId: number;
  sourceId: string;
  source: string;
  stage: (typeof LEAD_STAGES)[number];
  outcome: (typeof LEAD_OUTCOMES)[number];
  /** Only for a lost lead. */
  lostReason: string | null;
  createdAt: Date;
  /** Only for a won or lost lead. */
  closedAt: Date | null;
}

/** A batch of one feed's records, applied in one transaction. */
export type FeedBatch =
  | { feed: "appointments"; records: AppointmentRecord[]; firstVisits?: FirstVisitRecord[] }
  | { feed: "deleted-appointments"; records: DeletedAppointmentRecord[] }
  | { feed: "planned-treatment"; records: PlannedTreatmentRecord[] }
  | { feed: "leads"; records: LeadRecord[] };
