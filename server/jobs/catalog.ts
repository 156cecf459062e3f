// What each job of the `jobs` table does, by its key (the table holds titles and schedules).
import { feedsInboxRunner } from "../feeds/feedLayout.ts";
import { memberInboxRunner } from "../import/memberLayout.ts";
import { openDentalRunner } from "../openDental/connectorJob.ts";
import { clearEndedClaims } from "./endedClaims.ts";
import { refreshStatuses } from "./housekeeping.ts";
import { exportReminders } from "./reminders.ts";
import { sendStatusReport } from "./statusReport.ts";
import { importRecordings } from "../recordings/ingest/importRecordings.ts";
import { removeExpiredAudio } from "../recordings/retention/retentionJob.ts";
import type { JobRunner } from "./runner.ts";

export const JOB_RUNNERS: Readonly<Record<string, JobRunner>> = {
  "import-denta": memberInboxRunner("denta"),
  "import-mcna": memberInboxRunner("mcna"),
  "import-uhc": memberInboxRunner("uhc"),
  "import-tmhp": memberInboxRunner("tmhp"),
  "refresh-statuses": refreshStatuses,
  "export-reminders": exportReminders,
  "send-status-report": sendStatusReport,
  opendental: openDentalRunner,
  "import-feeds": feedsInboxRunner,
  "import-recordings": importRecordings,
  "recordings-retention": removeExpiredAudio,
  "clear-ended-claims": clearEndedClaims,
};

/** The import job of a payer, as the command runs it. */
export const importJobKey = (brand: string) => `import-${brand}`;
