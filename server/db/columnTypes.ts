// What the migrations' column types cannot say, for the generated table types (generateTypes.ts):
// the values a text column is limited to (its CHECK constraint, or the only values the code writes),
// which the services rely on to map rows to the contract's types. Each entry replaces the column's
// whole generated type: write `Generated<…>` for a column with a default and `| null` for a nullable one.
export const COLUMN_TYPES: Record<string, string> = {
  // Written by a trigger from the member's practice (migration 0013): an insert leaves it out.
  "members.practice_abbr": "Generated<string>",
  "callbacks.status": 'Generated<"open" | "closed" | "cancelled">',
  "callback_changes.change": '"booked" | "moved" | "reassigned" | "closed" | "cancelled"',
  "stored_files.area": '"recordings" | "help" | "outbox" | "imports"',
  "outbox.status": '"sent" | "queued" | "failed"',
  "treatment_priorities.priority": '"P1" | "P2" | "P3" | "P4"',
  "user_setups.field": '"practice" | "status"',
  "leads.outcome": '"open" | "won" | "lost"',
  "job_runs.trigger": '"schedule" | "rerun" | "command" | "upload"',
  "job_runs.status": '"running" | "success" | "failure" | "skipped"',
};

/**
 * Types by the database's type name. A `date` is written and compared as its 'YYYY-MM-DD' text and
 * read back with to_char (the driver would make a Date at the server's midnight of it).
 */
export const TYPE_MAPPING: Record<string, string> = {
  date: "ColumnType<string, string, string>",
};
