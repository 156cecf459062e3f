// What each job of the `jobs` table does, by its key (the table holds titles and schedules).
import { inboxFeedsRunner } from "../feeds/feedJob.ts";
import { inboxImportRunner } from "../import/importJob.ts";
import { openDentalRunner } from "../openDental/connectorJob.ts";
import { refreshStatuses } from "./housekeeping.ts";
import { exportReminders } from "./reminders.ts";
import { sendStatusReport } from "./statusReport.ts";
import { importRecordings } from "../recordings/ingest/importRecordings.ts";
import type { JobRunner } from "./runner.ts";

export const JOB_RUNNERS: Readonly<Record<string, JobRunner>> = {
  "import-denta": inboxImportRunner("denta"),
  "import-mcna": inboxImportRunner("mcna"),
  "import-uhc": inboxImportRunner("uhc"),
  "import-tmhp": inboxImportRunner("tmhp"),
  "refresh-statuses": refreshStatuses,
  "export-reminders": exportReminders,
  "send-status-report": sendStatusReport,
  opendental: openDentalRunner,
  "import-feeds": inboxFeedsRunner,
  "import-recordings": importRecordings,
};

/** The import job of a payer, as the command runs it. */
export const importJobKey = (brand: string) => `import-${brand}`;
