// The tables as Kysely sees them. Column names are snake_case; services map rows to contract types.
import type { ColumnType, Generated } from "kysely";

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  firstname: string;
  lastname: string;
  profile_picture: Generated<string>;
  is_admin: Generated<boolean>;
  default_page: string;
  /** Semicolon-separated practice ids (the contract's PracticeIdList). */
  default_location_id: Generated<string>;
  /** scrypt hash `scrypt$N$r$p$salt$hash`; null: no local password. */
  password_hash: string | null;
  disabled: Generated<boolean>;
  created_at: CreatedAt;
}

export interface SessionsTable {
  id: string;
  /** SHA-256 of the opaque bearer token (hex); the token itself is never stored. */
  token_hash: string;
  user_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface HandoffJtisTable {
  jti: string;
  /** Kept until the token could no longer be accepted anyway. */
  expires_at: Timestamp;
}

export interface AuditLogTable {
  id: Generated<string>;
  user_id: number | null;
  action: string;
  member_ids: ColumnType<number[], number[] | undefined, number[]>;
  address: string | null;
  at: CreatedAt;
}

export interface RegionsTable {
  id: number;
  name: string;
  brand_name: string;
}

export interface PracticesTable {
  id: number;
  name: string;
  abbr: string;
  region_id: number;
  brands: string[];
  /** The practice's IANA zone when it is not the practice group's (REPORT_TIME_ZONE); null otherwise. */
  time_zone: Generated<string | null>;
}

export interface DentistsTable {
  id: number;
  practice_id: number;
  first_name: string;
  name: string;
}

export interface MembersTable {
  id: Generated<number>;
  company: string;
  subscriber_id: string;
  pat_num: string;
  mco: string;
  first_name: string;
  middle_name: string;
  last_name: string;
  practice_id: number;
  /** The practice's abbreviation, written by a trigger (migration 0013): the Practice sort key. */
  practice_abbr: Generated<string>;
  dentist_id: number | null;
  address1: string;
  city: string;
  state: string;
  phone: string;
  date_of_birth: ColumnType<string, string, string>;
  days_extracted: number;
  notes: string | null;
  notes_at: Timestamp | null;
  status: string;
  result: string;
  last_visit: ColumnType<string | null, string | null, string | null>;
  next_apt: Timestamp | null;
  entry_time: Timestamp;
  /** domain/team/versions.ts: every save so far plus 1, and the version each kind's latest save made. */
  version: Generated<number>;
  result_version: Generated<number>;
  notes_version: Generated<number>;
}

/** An agent working a member (domain/team/claims.ts); live while expires_at is in the future. */
export interface MemberClaimsTable {
  member_id: number;
  user_id: number;
  /** The session the claim was made or last renewed from: it ends with that session. */
  session_id: string;
  expires_at: Timestamp;
  /** When the holder claimed it; renewals keep it (migration 0022). */
  claimed_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** An event stream open (or once open) on a server instance (migration 0022, the live board). */
export interface LiveStreamsTable {
  id: string;
  user_id: number;
  session_id: string;
  instance_id: string;
  opened_at: Timestamp;
  /** Refreshed by its instance while open. */
  seen_at: Timestamp;
  closed_at: Timestamp | null;
}

/** A call an agent started from a member's phone link (POST /Members/calls). */
export interface CallStartsTable {
  id: Generated<number>;
  member_id: number;
  user_id: number;
  started_at: Timestamp;
}

/** A ticket that opens an event stream once (domain/team/events.ts); only its SHA-256 is kept. */
export interface EventTicketsTable {
  ticket_hash: string;
  user_id: number;
  session_id: string;
  issued_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** An open event stream (domain/team/events.ts): counted per user while its instance sees it. */
export interface EventStreamsTable {
  id: string;
  user_id: number;
  session_id: string;
  opened_at: Timestamp;
  seen_at: Timestamp;
}

export interface NotesTable {
  id: Generated<number>;
  member_id: number;
  user_id: number;
  notes: string;
  created_at: CreatedAt;
}

export interface ResultsTable {
  id: Generated<number>;
  member_id: number;
  user_id: number;
  result: string;
  created_at: CreatedAt;
}

export interface OpenIssuesTable {
  id: Generated<number>;
  application: string;
  down_time_start: Timestamp;
  what_is_down: string;
  what_to_do_mean_time: string;
  closed_at: Timestamp | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  handoff_jtis: HandoffJtisTable;
  audit_log: AuditLogTable;
  regions: RegionsTable;
  practices: PracticesTable;
  dentists: DentistsTable;
  members: MembersTable;
  member_claims: MemberClaimsTable;
  live_streams: LiveStreamsTable;
  call_starts: CallStartsTable;
  event_tickets: EventTicketsTable;
  event_streams: EventStreamsTable;
  notes: NotesTable;
  results: ResultsTable;
  open_issues: OpenIssuesTable;
  treatment_priorities: TreatmentPrioritiesTable;
  deleted_appointments: DeletedAppointmentsTable;
  outbox: OutboxTable;
  user_setups: UserSetupsTable;
  page_visits: PageVisitsTable;
  report_uses: ReportUsesTable;
  feedback: FeedbackTable;
  call_campaigns: CallCampaignsTable;
  call_recordings: CallRecordingsTable;
  recording_downloads: RecordingDownloadsTable;
  sign_in_failures: SignInFailuresTable;
  oidc_sign_ins: OidcSignInsTable;
  help_items: HelpItemsTable;
  help_notifications: HelpNotificationsTable;
  leads: LeadsTable;
  first_visits: FirstVisitsTable;
  jobs: JobsTable;
  job_runs: JobRunsTable;
  job_run_rejections: JobRunRejectionsTable;
  rate_limit_hits: RateLimitHitsTable;
  stored_files: StoredFilesTable;
  queue_state: QueueStateTable;
  queue_rules: QueueRulesTable;
  callbacks: CallbacksTable;
  callback_changes: CallbackChangesTable;
  member_counts: MemberCountsTable;
  result_save_counts: ResultSaveCountsTable;
  user_day_activity: UserDayActivityTable;
  activity_time_zone: ActivityTimeZoneTable;
}

/** Calls started and results saved per user and day of `activity_time_zone` (migration 0031, kept by triggers). */
export interface UserDayActivityTable {
  day: string;
  user_id: number;
  calls_started: number;
  results_saved: number;
}

/** The one time zone whose days user_day_activity counts: the server's REPORT_TIME_ZONE. */
export interface ActivityTimeZoneTable {
  one: boolean;
  time_zone: string;
}

/** How many members share each combination of the list's filters (migration 0010, kept by triggers). */
export interface MemberCountsTable {
  practice_id: number;
  company: string;
  status: string;
  result: string;
  mco: string;
  /** The dentist's id, 0 for none. */
  dentist: number;
  n: number;
}

/** How many results were saved in each quarter of an hour, by result (migration 0028, kept by triggers). */
export interface ResultSaveCountsTable {
  starts_at: Timestamp;
  result: string;
  n: number;
}

/** A member's place in the work queue (domain/queue/memberState.ts, migration 0024). */
export interface QueueStateTable {
  member_id: number;
  stale: Generated<boolean>;
  practice_id: Generated<number>;
  blocked: string | null;
  time_zone: string | null;
  rank: Generated<number>;
  recare_due: ColumnType<string | null, string | null, string | null>;
  attempts: Generated<number>;
  last_attempt_at: Timestamp | null;
  attempts_resume_at: Timestamp | null;
  cooldown_ends_at: Timestamp | null;
  callback_owner: number | null;
  callback_due_at: Timestamp | null;
  callback_owner_until: Timestamp | null;
  ready_at: Timestamp | null;
  held_until: Timestamp | null;
  attempts_reset_at: Timestamp | null;
  issue_phone: string | null;
}

/** The rules the stored queue states were worked out by. */
export interface QueueRulesTable {
  only_row: Generated<boolean>;
  fingerprint: string;
}

/** A callback promised to a member (openapi.yaml Callback). */
export interface CallbacksTable {
  id: Generated<number>;
  member_id: number;
  owner_id: number | null;
  booked_by: number;
  booked_at: Timestamp;
  due_at: Timestamp;
  owner_until: Timestamp | null;
  note: Generated<string>;
  status: Generated<"open" | "closed" | "cancelled">;
  version: Generated<number>;
}

/** A change of a callback, for the member's result history. */
export interface CallbackChangesTable {
  id: Generated<number>;
  callback_id: number;
  member_id: number;
  user_id: number;
  change: "booked" | "moved" | "reassigned" | "closed" | "cancelled";
  due_at: Timestamp;
  at: Timestamp;
}

/** A rate-limit counter every instance shares (server/http/rateLimitStore.ts). */
export interface RateLimitHitsTable {
  key: string;
  hits: number;
  window_ends_at: Timestamp;
}

/** A file kept in the database (server/files/fileStore.ts). */
export interface StoredFilesTable {
  area: "recordings" | "help" | "outbox";
  name: string;
  content_type: string;
  size: number;
  content: Buffer;
  stored_at: CreatedAt;
}

/** Every outgoing message (server/mail/mailer.ts): sent through SMTP, or kept here when none is set. */
export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  /** "sent" (SMTP accepted it), "queued" (no SMTP: kept here and as a .eml file), "failed" (SMTP refused). */
  status: "sent" | "queued" | "failed";
  /** The whole message as RFC 822 (.eml), attachments included. */
  raw: string;
  /** The .eml file's path, when one was written. */
  file: string | null;
  error: string | null;
  created_at: CreatedAt;
}

/** Planned treatment of a practice's patient at one priority, P1 (most urgent) to P4. */
export interface TreatmentPrioritiesTable {
  id: Generated<number>;
  practice_id: number;
  pat_num: string;
  priority: "P1" | "P2" | "P3" | "P4";
}

/** An appointment deleted from a practice's schedule. */
export interface DeletedAppointmentsTable {
  id: Generated<number>;
  practice_id: number;
  pat_num: string;
  patient_name: string;
  appointment_date: Timestamp;
  deleted_at: Timestamp;
  deleted_by: string;
  /** '' when no reason was given. */
  reason: Generated<string>;
}

export interface CallCampaignsTable {
  id: Generated<number>;
  name: string;
}

/** A call recording's metadata; its audio is the file `file_path` under RECORDINGS_DIR. */
export interface CallRecordingsTable {
  id: Generated<number>;
  name: string;
  /** The day folder, YYYY-MM-DD (a `date`: read it with to_char). */
  date_folder: ColumnType<string, string, string>;
  practice_id: number;
  campaign_id: number;
  phone: string;
  agent_email: string;
  size: number;
  /** The contract's opaque `url` key. */
  url: string;
  file_path: string;
  recorded_at: Timestamp;
}

/** A signed download link: only the SHA-256 of its random token is stored. */
export interface RecordingDownloadsTable {
  token_hash: string;
  /** null once the recording is deleted. */
  recording_id: number | null;
  user_id: number;
  title: string;
  issued_at: Timestamp;
  expires_at: Timestamp;
  /** The session the link was issued in: it opens only while that session lives. */
  session_id: string | null;
}

/** Password sign-in failures per account (domain/signInThrottle.ts). */
export interface SignInFailuresTable {
  account: string;
  failures: number;
  last_failed_at: Timestamp;
  locked_until: Timestamp | null;
}

/** Sign-ins begun at the OpenID Connect provider, until their answer comes back or they expire. */
export interface OidcSignInsTable {
  state_hash: string;
  browser_hash: string;
  nonce: string;
  code_verifier: string;
  expires_at: Timestamp;
}

export interface HelpItemsTable {
  id: Generated<number>;
  heading: string;
  description: string;
  /** Comma-separated URLs or paths on the server's own origin ('' = none). */
  file_links: string;
  parent_page_id: string;
  page_id: string;
  type: string;
  updated_at: Timestamp;
}

export interface HelpNotificationsTable {
  id: Generated<number>;
  help_id: number;
  user_id: number;
  created_at: Timestamp;
  seen: Generated<boolean>;
}

/** A members-list default of a user (POST /userSetup). */
export interface UserSetupsTable {
  user_id: number;
  app_id: string;
  field: "practice" | "status";
  value: string;
  updated_at: Generated<Date>;
}

/** A page visit (POST /saveApplicationUsage); `token` is the client's navigation id. */
export interface PageVisitsTable {
  id: Generated<number>;
  user_id: number;
  visited_url: string;
  default_practice_id: string;
  token: string;
  accessed_at: Timestamp;
}

/** A use of a report feature (POST /report/saveUsage). */
export interface ReportUsesTable {
  id: Generated<number>;
  user_id: number;
  report: string;
  action: string;
  used_at: Timestamp;
}

/** Feedback as it arrived (POST /report/sendFeedback), besides the mail it became. */
export interface FeedbackTable {
  id: Generated<number>;
  user_id: number;
  subject: string;
  message: string;
  first_name: string;
  last_name: string;
  email: string;
  practice: string;
  /** `dateTime` of the payload: the sender's clock, as they formatted it. */
  sender_time: string;
  attachment_name: string | null;
  attachment_type: string | null;
  attachment: Buffer | null;
  created_at: CreatedAt;
}

/** A lead of a practice (quality index, lead data report). */
export interface LeadsTable {
  id: Generated<number>;
  practice_id: number;
  source: string;
  /** The furthest stage reached: Lead, Contacted, Appointment Set, Visited or Won. */
  stage: string;
  outcome: "open" | "won" | "lost";
  lost_reason: string | null;
  created_at: Timestamp;
  /** When it was won or lost; null while open. */
  closed_at: Timestamp | null;
}

/** A new patient's first visit and where the patient came from (new patient origin report). */
export interface FirstVisitsTable {
  id: Generated<number>;
  member_id: number;
  practice_id: number;
  pat_num: string;
  first_visit_date: ColumnType<string, string, string>;
  origin: string;
  result: string;
}

/** A scheduled job (Crons modal); what it does is server/jobs/catalog.ts, by `key`. */
export interface JobsTable {
  id: number;
  key: string;
  title: string;
  description: string;
  cron_time: string;
}

/** One run of a job: its log entry in the Crons modal. */
export interface JobRunsTable {
  id: Generated<number>;
  job_id: number;
  trigger: "schedule" | "rerun" | "command" | "upload";
  requested_by: number | null;
  started_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** Null while a re-run waits for an instance to take it up. */
  claimed_at: Timestamp | null;
  ended_at: Timestamp | null;
  status: "running" | "success" | "failure" | "skipped";
  message: ColumnType<string, string | undefined, string>;
  rows_read: number | null;
  rows_written: number | null;
  rows_rejected: number | null;
  /** A members import's file and how many of its bytes were read (bigint: read back as text). */
  file: ColumnType<string | null, string | null | undefined, string | null>;
  bytes_read: ColumnType<string | null, number | null | undefined, number | null>;
  bytes_total: ColumnType<string | null, number | null | undefined, number | null>;
}

/** A row a members import refused, with its line in the file and why. */
export interface JobRunRejectionsTable {
  run_id: number;
  file: string;
  line: number;
  reason: string;
}
