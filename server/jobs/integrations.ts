// Which of the jobs' integrations this server's configuration gives (domain/jobs.ts JOB_INTEGRATIONS
// names the setting of each): a job without its integration is skipped, and the Crons modal says so.
import { everyMinutesCron, OPEN_DENTAL_JOB } from "../../domain/jobs.ts";
import type { ServerConfig } from "../config.ts";

export function configuredSettings(config: Pick<ServerConfig, "importDir" | "reminders" | "statusReportTo" | "openDental" | "recordingSource" | "recordingsRetentionDays">): ReadonlySet<string> {
  return new Set(
    [
      config.importDir && "IMPORT_DIR",
      config.reminders && "REMINDERS_URL",
      config.statusReportTo.length > 0 && "STATUS_REPORT_TO",
      config.openDental && "OPENDENTAL_URL",
      config.recordingSource && "RECORDINGS_SOURCE",
      config.recordingsRetentionDays && "RECORDINGS_RETENTION_DAYS",
    ].filter(
      (setting): setting is string => typeof setting === "string",
    ),
  );
}

/** A job's cron expression on this server: the connector's interval is its setting (OPENDENTAL_EVERY_MINUTES). */
export function scheduleOf(job: { key: string; cron_time: string }, config: Pick<ServerConfig, "openDental">): string {
  return job.key === OPEN_DENTAL_JOB && config.openDental ? everyMinutesCron(config.openDental.everyMinutes) : job.cron_time;
}
