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
  notes: NotesTable;
  results: ResultsTable;
  open_issues: OpenIssuesTable;
}
