// Which of the jobs' integrations this server's configuration gives (domain/jobs.ts JOB_INTEGRATIONS
// names the setting of each): a job without its integration is skipped, and the Crons modal says so.
import type { ServerConfig } from "../config.ts";

export function configuredSettings(config: Pick<ServerConfig, "importDir" | "reminders" | "statusReportTo">): ReadonlySet<string> {
  return new Set(
    [config.importDir && "IMPORT_DIR", config.reminders && "REMINDERS_URL", config.statusReportTo.length > 0 && "STATUS_REPORT_TO"].filter(
      (setting): setting is string => typeof setting === "string",
    ),
  );
}
