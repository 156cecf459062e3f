// The file name of an export: the report and the day it was taken (in the practices' time zone),
// e.g. `Members-2026-11-24.csv`.
import { zonedDate } from "../calendar.ts";

export type ExportName = "Members" | "MembersStatusReport" | "PriorityStatus";

export function exportFileName(report: ExportName, now: Date, timeZone?: string): string {
  return `${report}-${zonedDate(now, timeZone)}.csv`;
}
