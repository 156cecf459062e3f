// The call center's back-office jobs (the Crons modal, openapi.yaml tag jobs): what each one is
// called, what it does and when it runs. The server runs them on this schedule and keeps its `jobs`
// table in step with this list; the demo world writes their past runs.

export interface Job {
  id: number;
  /** What the server runs for it (server/jobs/catalog.ts). */
  key: string;
  title: string;
  description: string;
  /** When it runs, in the practice group's time zone (the cron expression is derived from it). */
  hour: number;
  minute: number;
  /** 0 = Sunday … 6 = Saturday */
  weekdays: readonly number[];
}

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];
const WEEKDAYS = [1, 2, 3, 4, 5];

function memberImport(id: number, brand: string, hour: number, minute: number, weekdays = EVERY_DAY): Job {
  return {
    id,
    key: `import-${brand.toLowerCase()}`,
    title: `Import ${brand} members`,
    description:
      `Reads the ${brand} eligibility file (CSV) from the payer's SFTP drop, validates every row, upserts members by ` +
      "subscriber id and practice and stamps Days_Extracted. Rejected rows are listed in the run log; no row is dropped silently.",
    hour,
    minute,
    weekdays,
  };
}

/** The jobs, by id (the API sorts them by title). */
export const JOBS: readonly Job[] = [
  memberImport(1, "DENTA", 5, 0),
  memberImport(2, "MCNA", 5, 15),
  memberImport(3, "UHC", 5, 30),
  memberImport(4, "TMHP", 6, 0, [1]),
  {
    id: 5,
    key: "refresh-statuses",
    title: "Refresh recare statuses",
    description:
      "Nightly: recomputes every member's status (New Patient, New Patient With Apt, Recare Future Appointment, " +
      "Recare No Future Appointment, Dropped Patient) from the practices' schedules and visits.",
    hour: 2,
    minute: 0,
    weekdays: EVERY_DAY,
  },
  {
    id: 6,
    key: "export-reminders",
    title: "Export appointment reminders",
    description: "Weekdays at 17:00: sends the next working day's appointments to the reminder service (SMS and voice calls).",
    hour: 17,
    minute: 0,
    weekdays: WEEKDAYS,
  },
  {
    id: 7,
    key: "send-status-report",
    title: "Send members status report",
    description: "Mondays at 7:00: e-mails the members status report of the past week to the practice managers.",
    hour: 7,
    minute: 0,
    weekdays: [1],
  },
];

/** The schedule as a cron expression: `minute hour * * weekdays`. */
export function cronTimeOf({ hour, minute, weekdays }: Pick<Job, "hour" | "minute" | "weekdays">): string {
  const days = weekdays.length === 7 ? "*" : weekdays.join(",") === WEEKDAYS.join(",") ? "1-5" : weekdays.join(",");
  return `${minute} ${hour} * * ${days}`;
}

/** What a members import did, for its run log. */
export interface ImportOutcome {
  file: string;
  rowsWritten: number;
  rowsRejected: number;
  /** The first rejected rows: their line in the file (the header is line 1) and why. */
  examples: { line: number; reason: string }[];
}

const count = (value: number) => value.toLocaleString("en-US");

/** The run log's summary: "Imported 1,234 rows from X.csv, 2 rejected (row 5: …; 1 more)". */
export function importSummary({ file, rowsWritten, rowsRejected, examples }: ImportOutcome): string {
  const shown = examples.map((example) => `row ${example.line}: ${example.reason}`);
  const more = rowsRejected > shown.length ? `; ${rowsRejected - shown.length} more` : "";
  const reasons = shown.length > 0 ? ` (${shown.join("; ")}${more})` : "";
  return `Imported ${count(rowsWritten)} rows from ${file}, ${rowsRejected} rejected${reasons}`;
}
