// The records of the demo world: contract types where the contract has one, plus the keys and facts
// a real database holds (who, which member, when). The fake backend keeps them as they are; the
// server's seed writes them into its tables.
import type { AppointmentStatus } from "../domain/feeds/records.ts";
import type { LeadStage } from "../domain/reports/qualityIndex.ts";
import type { MemberVersions } from "../domain/team/versions.ts";
import type { MemberFields } from "../domain/queue/memberFields.ts";
import type { components } from "../contract/schema";

type Schemas = components["schemas"];
export type MemberResult = Schemas["MemberResult"];

/**
 * A member, the dentist the payer list assigns (the list's `dentistFirstName` filter) and the
 * versions its saves made (domain/team/versions.ts). Its claim is not part of it (claims come and
 * go), nor what the work queue works out (domain/queue/memberFields.ts).
 */
export type MemberRecord = MemberFields & MemberVersions & { dentistId: number };
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
  /** The campaign the result was saved for (a Next served the member for it). */
  campaignId?: number | null;
}

/** A callback promised to a member (openapi.yaml Callback); at most one open per member. */
export interface CallbackRecord {
  id: number;
  memberId: number;
  /** null: anyone's. */
  ownerId: number | null;
  bookedBy: number;
  bookedAt: string;
  dueAt: string;
  /** Until when only the owner is served it; null for anyone's. */
  ownerUntil: string | null;
  note: string;
  status: Schemas["CallbackStatus"];
  version: number;
}

/** A change of a callback, for the member's result history. */
export interface CallbackChangeRecord {
  id: number;
  callbackId: number;
  memberId: number;
  userId: number;
  change: Exclude<Schemas["CallbackEvent"]["change"], "due">;
  dueAt: string;
  at: string;
}

/** A call an agent started from a member's phone link (`POST /Members/calls`). */
export interface CallStartRecord {
  id: number;
  memberId: number;
  userId: number;
  startedAt: string;
  /** The campaign the call was made for (a Next served the member for it). */
  campaignId?: number | null;
}

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

/** An appointment as a practice's appointments feed hands it over (instants as ISO strings). */
export interface PracticeAppointmentRecord {
  practiceId: number;
  patNum: string;
  /** The practice system's own appointment number. */
  aptNum: string;
  startsAt: string;
  status: AppointmentStatus;
  isNewPatient: boolean;
  /** When the practice booked it (its last change: the demo's appointments never change). */
  changedAt: string;
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

/** A recording and the demo audio file that stands for it (demo/files/recordings). */
export type CallRecordingRecord = Schemas["CallRecording"] & { file: DemoAudioFile };

/** The demo audio files; every recording's audio is one of them. */
export type DemoAudioFile = "inbound-call.mp3" | "new-patient-welcome.mp3" | "recare-voicemail.mp3";
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

/** A page visit (`POST /saveApplicationUsage`); `token` makes a retried post count once. */
export interface PageVisitRecord {
  id: number;
  userId: number;
  visitedUrl: string;
  defualtPracticeId: string;
  accessedAt: string;
  token: string;
}

/** What the builders of the demo world read: the people, practices and members made first. */
export interface World {
  practices: Schemas["Practice"][];
  users: Schemas["User"][];
  dentists: DentistRecord[];
  members: MemberRecord[];
  /** The generator's "today": every date lies around it. */
  today: Date;
}
