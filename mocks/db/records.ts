// The fake backend's own records: contract types where the contract has one, plus the keys and
// facts a real database would hold (who, which member, when). Handlers map records to answers.
import type { Mail } from "../../domain/mail/mail.ts";
import type { components } from "../../src/api/schema";

type Schemas = components["schemas"];
export type MemberResult = Schemas["MemberResult"];

/** A member and the dentist the payer list assigns (the list's `dentistFirstName` filter). */
export type MemberRecord = Schemas["Member"] & { dentistId: number };
export type DentistRecord = Schemas["Dentist"] & { id: number };

export interface NoteRecord {
  id: number;
  memberId: number;
  userId: number;
  notes: string;
  createdAt: string;
}

/** Every saved result; also a call attempt (the contact-data and quality reports read them). */
export interface ResultRecord {
  id: number;
  memberId: number;
  userId: number;
  Result: MemberResult;
  createdAt: string;
}

export type LeadStage = "Lead" | "Contacted" | "Appointment Set" | "Visited" | "Won";
export interface LeadRecord {
  id: number;
  practiceId: number;
  source: string;
  /** The furthest stage the lead reached. */
  stage: LeadStage;
  outcome: "open" | "won" | "lost";
  lostReason: string | null;
  createdAt: string;
  /** When it was won or lost (completed); null while open. */
  closedAt: string | null;
}

export interface FirstVisitRecord {
  id: number;
  memberId: number;
  practiceId: number;
  patNum: string;
  firstVisitDate: string;
  /** How the new patient found the practice (new patient origin report). */
  origin: string;
  result: MemberResult;
}

/** Planned treatment of a patient at one priority (P1 most urgent). */
export interface TreatmentPriorityRecord {
  id: number;
  practiceId: number;
  patNum: string;
  priority: "P1" | "P2" | "P3" | "P4";
}

export interface DeletedAppointmentRecord {
  id: number;
  practiceId: number;
  PatNum: string;
  patientName: string;
  appointmentDate: string;
  deletedAt: string;
  deletedBy: string;
  reason: string;
}

/** A recording and the demo audio file that stands for it. */
export type CallRecordingRecord = Schemas["CallRecording"] & { file: string };
/** An issued download link: also the audit of who downloaded which recording, and when. */
export interface RecordingDownloadRecord {
  token: string;
  recordingId: number;
  title: string;
  userId: number;
  /** When the link was issued (ISO date-time). */
  issuedAt: string;
  expiresAt: number;
}

export type CronRecord = Schemas["Cron"];
export type OpenIssueRecord = Schemas["OpenIssue"] & { closedAt: string | null };
export type HelpItemRecord = Schemas["HelpItem"];
export interface HelpNotificationRecord {
  id: number;
  helpId: number;
  userId: number;
  createdAt: string;
  seen: boolean;
}

export type SetupRow = Schemas["SetupRecord"] & { userId: number };

/** A page visit (`POST /saveApplicationUsage`); `token` makes a retried post count once. */
export interface PageVisitRecord {
  id: number;
  userId: number;
  visitedUrl: string;
  defualtPracticeId: string;
  accessedAt: string;
  token: string;
}

/** A use of a report feature (`POST /report/saveUsage`). */
export interface ReportUseRecord {
  id: number;
  userId: number;
  report: string;
  action: string;
  at: string;
}

/** Mail the fake backend "sent": feedback and members reports (the server's outbox). */
export type OutboxMessage = Mail & { id: number; sentAt: string };
