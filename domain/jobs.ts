// The call center's back-office jobs (the Crons modal, openapi.yaml tag jobs): what each one is
// called, what it does, when it runs and what a deployment must configure for it to do anything.
// The server runs them on this schedule and keeps its `jobs` table in step with this list; the demo
// world writes their past runs. A job whose integration is not configured records its runs as
// skipped with the reason, never as a success (docs/operations.md, Scheduled jobs).

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
  /** A job that runs all day, every so many minutes (hour and minute then unused). */
  everyMinutes?: number;
}

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];
const WEEKDAYS = [1, 2, 3, 4, 5];

function memberImport(id: number, brand: string, hour: number, minute: number, weekdays = EVERY_DAY): Job {
  return {
    id,
    key: `import-${brand.toLowerCase()}`,
    title: `Import ${brand} members`,
    description:
      `Imports every ${brand} eligibility file (CSV) found in the import inbox (IMPORT_DIR): validates every row, upserts members by ` +
      "subscriber id and practice and stamps Days_Extracted. Rejected rows are listed in the run log; no row is dropped silently. " +
      "Administrators may also upload a file from the app (Member files).",
    hour,
    minute,
    weekdays,
  };
}

/** The job that imports the practices' feed files (server/feeds). */
export const FEEDS_JOB = "import-feeds";

/** The job that removes call recordings' audio past its retention (server/recordings/retention). */
export const RECORDINGS_RETENTION_JOB = "recordings-retention";

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
    description:
      "Weekdays at 17:00: sends the next working day's appointments to the reminder service (REMINDERS_URL), which texts or calls the patients.",
    hour: 17,
    minute: 0,
    weekdays: WEEKDAYS,
  },
  {
    id: 7,
    key: "send-status-report",
    title: "Send members status report",
    description: "Mondays at 7:00: e-mails the members status report of every practice to the practice managers (STATUS_REPORT_TO).",
    hour: 7,
    minute: 0,
    weekdays: [1],
  },
  {
    id: 12,
    key: "opendental",
    title: "Read the practices' Open Dental",
    description:
      "Every 5 minutes (OPENDENTAL_EVERY_MINUTES): reads what changed since its last run in the practices' Open Dental database " +
      "(OPENDENTAL_URL, a read-only user): appointments, deleted, cancelled and missed appointments, first visits and the priorities " +
      "of planned treatment, and writes them as the practice feeds do.",
    hour: 0,
    minute: 0,
    weekdays: EVERY_DAY,
    everyMinutes: 5,
  },
  {
    id: 8,
    key: FEEDS_JOB,
    title: "Import practice feeds",
    description:
      "Imports every practice feed file (CSV: appointments, deleted appointments, planned treatment, leads) found in the import inbox " +
      "(IMPORT_DIR), each named after its feed (appointments_20261118.csv): members' statuses and visits follow the appointments, and the " +
      "reports fill. Rejected rows are listed in the run log. Administrators may also upload a file from the app (Import files).",
    hour: 4,
    minute: 30,
    weekdays: EVERY_DAY,
  },
  {
    id: 15,
    key: "import-recordings",
    title: "Import call recordings",
    description:
      "Every 5 minutes: takes in the recordings the phone system wrote since the last run (RECORDINGS_SOURCE, a folder or a bucket), " +
      "matched to their member and call; keys it cannot read are listed in the run log with why.",
    hour: 0,
    minute: 0,
    weekdays: EVERY_DAY,
    everyMinutes: 5,
  },
  {
    id: 16,
    key: RECORDINGS_RETENTION_JOB,
    title: "Remove old call recordings' audio",
    description:
      "Daily at 3:30: removes the audio of call recordings older than RECORDINGS_RETENTION_DAYS, from the file store or the phone system's " +
      "place; each row stays (who called whom, when) for the reports, marked audio removed, and every removal is audited. The first run " +
      "of a retention period only counts what it would remove (a dry run); removing starts with the next run.",
    hour: 3,
    minute: 30,
    weekdays: EVERY_DAY,
  },
  {
    id: 17,
    key: "clear-ended-claims",
    title: "Clear ended claims",
    description:
      "Daily at 3:45: deletes the agents' claims on members that ended (ran out or were released) before the day began; the day's " +
      "stay, for the live board's time since each agent's last claim.",
    hour: 3,
    minute: 45,
    weekdays: EVERY_DAY,
  },
];

/** The Open Dental connector's job (server/openDental/connectorJob.ts). */
export const OPEN_DENTAL_JOB = "opendental";

/** What a job needs a deployment to configure: the setting, and what the app says while it is missing. */
export interface JobIntegration {
  /** The environment variable that configures it (docs/operations.md). */
  setting: string;
  /** The Crons modal's note on the job. */
  notConfigured: string;
  /** The message of a run that found it missing. */
  skipped: string;
}

const IMPORT_INBOX: JobIntegration = {
  setting: "IMPORT_DIR",
  notConfigured: "Not configured: this server has no import inbox (IMPORT_DIR).",
  skipped: "Skipped: no import inbox is configured (IMPORT_DIR); nothing imported",
};

/** By job key. */
export const JOB_INTEGRATIONS: Readonly<Record<string, JobIntegration>> = {
  ...Object.fromEntries(["denta", "mcna", "uhc", "tmhp", "feeds"].map((name) => [`import-${name}`, IMPORT_INBOX])),
  "export-reminders": {
    setting: "REMINDERS_URL",
    notConfigured: "Not configured: set REMINDERS_URL to the reminder service's address (docs/operations.md says what it receives).",
    skipped: "Skipped: no reminder service is configured (REMINDERS_URL); no reminders were sent",
  },
  "send-status-report": {
    setting: "STATUS_REPORT_TO",
    notConfigured: "Not configured: set STATUS_REPORT_TO to the practice managers' e-mail addresses.",
    skipped: "Skipped: no recipients are configured (STATUS_REPORT_TO); nothing was sent",
  },
  [OPEN_DENTAL_JOB]: {
    setting: "OPENDENTAL_URL",
    notConfigured: "Not configured: set OPENDENTAL_URL to the practices' Open Dental database and OPENDENTAL_CLINICS to its clinics' practices.",
    skipped: "Skipped: no Open Dental database is configured (OPENDENTAL_URL); nothing read",
  },
  [RECORDINGS_RETENTION_JOB]: {
    setting: "RECORDINGS_RETENTION_DAYS",
    notConfigured: "Not configured: recordings are kept forever; set RECORDINGS_RETENTION_DAYS to the days their audio is kept.",
    skipped: "Skipped: recordings are kept forever (RECORDINGS_RETENTION_DAYS is not set); nothing removed",
  },
  "import-recordings": {
    setting: "RECORDINGS_SOURCE",
    notConfigured: "Not configured: set RECORDINGS_SOURCE to the folder or s3:// bucket prefix the phone system writes its recordings to.",
    skipped: "Skipped: no phone system recordings place is configured (RECORDINGS_SOURCE); nothing imported",
  },
};

/** The settings a server started with the defaults has (the import inbox under DATA_DIR): the fake backend shows these. */
export const DEFAULT_SETTINGS: ReadonlySet<string> = new Set(["IMPORT_DIR"]);

/** The integration a job lacks among the configured settings, if any. */
export function missingIntegration(key: string, configured: ReadonlySet<string>): JobIntegration | undefined {
  const integration = JOB_INTEGRATIONS[key];
  return integration && !configured.has(integration.setting) ? integration : undefined;
}

/** Every so many minutes as a cron expression (60: hourly). */
export const everyMinutesCron = (minutes: number) => (minutes >= 60 ? "0 * * * *" : `*/${minutes} * * * *`);

/** The schedule as a cron expression: `minute hour * * weekdays`, or every so many minutes. */
export function cronTimeOf({ hour, minute, weekdays, everyMinutes }: Pick<Job, "hour" | "minute" | "weekdays" | "everyMinutes">): string {
  if (everyMinutes) return everyMinutesCron(everyMinutes);
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

const rows = (value: number) => `${count(value)} ${value === 1 ? "row" : "rows"}`;

/** The first refused rows with why, and how many more: " (row 5: …; 1,234 more)", or "" for none. */
export function rejectionReasons(rowsRejected: number, examples: readonly { line: number; reason: string }[]): string {
  const shown = examples.map((example) => `row ${example.line}: ${example.reason}`);
  const more = rowsRejected > shown.length ? `; ${count(rowsRejected - shown.length)} more` : "";
  return shown.length > 0 ? ` (${shown.join("; ")}${more})` : "";
}

/**
 * The run log's summary: "Imported 1,234 rows from X.csv, 2 rejected (row 5: …; 1 more)", or, when
 * no row was written, that nothing was imported and why.
 */
export function importSummary({ file, rowsWritten, rowsRejected, examples }: ImportOutcome): string {
  const reasons = rejectionReasons(rowsRejected, examples);
  if (rowsWritten === 0 && rowsRejected === 0) return `Nothing imported: ${file} has no rows under its header`;
  if (rowsWritten === 0) return `Nothing imported from ${file}: every row was rejected, ${rows(rowsRejected)}${reasons}`;
  return `Imported ${rows(rowsWritten)} from ${file}, ${count(rowsRejected)} rejected${reasons}`;
}

/** An import that wrote no row did not do what it was run for: it is a failure, whatever the reason. */
export const importStatus = ({ rowsWritten }: Pick<ImportOutcome, "rowsWritten">): "success" | "failure" => (rowsWritten > 0 ? "success" : "failure");
