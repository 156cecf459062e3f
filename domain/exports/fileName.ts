// The file name of an export: the report and the day it was taken (in the practices' time zone),
// e.g. `Members-2026-11-24.csv`; but the specification names the priority status export
// `PriorityStatus.csv` (§9), and that name stays.
import { zonedDate } from "../calendar.ts";

export type ExportName =
  | "Members"
  | "MembersStatusReport"
  | "PriorityStatus"
  | "LeadData"
  | "Usage"
  | "DeletedAppointmentsByGroup"
  | "DeletedAppointmentsSummary"
  | "DeletedAppointmentsDetails"
  | "CallRecordings"
  | "QualityIndex"
  | "NewPatientOrigin";

export function exportFileName(report: ExportName, now: Date, timeZone?: string): string {
  if (report === "PriorityStatus") return "PriorityStatus.csv";
  return `${report}-${zonedDate(now, timeZone)}.csv`;
}
