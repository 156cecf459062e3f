// The fake backend's own records beside the demo world's (demo/records.ts): what staff do in a
// session of the fake backend (download links, setups, report uses, mail).
import type { Mail } from "../../domain/mail/mail.ts";
import type { components } from "../../contract/schema";
import type { AppointmentStatus } from "../../domain/feeds/records.ts";

type Schemas = components["schemas"];

/** An appointment of a practice's schedule, as the feeds keep it. */
export interface MockAppointment {
  practiceId: number;
  patNum: string;
  aptNum: string;
  startsAt: string;
  status: AppointmentStatus;
  changedAt: string;
  /** When it was first seen: the member's result then credits the first visit. */
  bookedAt: string;
}


/** An issued download link: also the audit of who downloaded which recording, and when. */
export interface RecordingDownloadRecord {
  token: string;
  recordingId: number;
  title: string;
  userId: number;
  /** The session it was issued in: the link opens only while that session lives. */
  sessionToken: string;
  /** When the link was issued (ISO date-time). */
  issuedAt: string;
  expiresAt: number;
}

export type SetupRow = Schemas["SetupRecord"] & { userId: number };

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

/** A campaign as the fake backend keeps it: the answer's fields and who saved its last change. */
export type CampaignRecord = Schemas["Campaign"] & { changedBy: number };
