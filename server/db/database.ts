// The tables as Kysely sees them, generated from the migrations (tables.generated.ts: npm run gen:db;
// the narrowed columns are in columnTypes.ts). Column names are snake_case; services map rows to
// contract types.
import type { DB, HelpItems, JobRuns, Jobs, Leads, Outbox, QueueState, Sessions, StoredFiles, Users, UserSetups } from "./tables.generated.ts";

export type Database = DB;
export type UsersTable = Users;
export type SessionsTable = Sessions;
export type HelpItemsTable = HelpItems;
export type JobsTable = Jobs;
export type JobRunsTable = JobRuns;
export type LeadsTable = Leads;
export type OutboxTable = Outbox;
export type QueueStateTable = QueueState;
export type StoredFilesTable = StoredFiles;
export type UserSetupsTable = UserSetups;
