// The columns of each CSV export, over the contract's own row types, so that both backends write
// the same file from the same answer they give the screens.
import type { components } from "../../contract/schema";
import { kilobytes } from "../recordings/directory.ts";
import { reasonsText } from "../reports/deletedAppointments.ts";
import { QUALITY_INDEX_TABLES, type QualityIndexLine } from "../reports/qualityIndex.ts";
import { GROUP_CELLS } from "../reports/membersStatus.ts";
import type { FirstVisitRow } from "../reports/newPatientOrigin.ts";
import type { ExportColumn } from "./csv.ts";
import type { MemberFields } from "../queue/memberFields.ts";

type Schemas = components["schemas"];
type Member = MemberFields;
type MembersStatusLine = Schemas["MembersStatusReportCounts"] & { practice: string };
type PriorityRow = Schemas["PriorityRow"];
type LeadsEnteredRow = Schemas["LeadsEnteredRow"];
type UsageRow = Schemas["UsageRow"];
type DeletedGroup = Schemas["DeletedAppointmentsGroup"];
type DeletedSummaryRow = Schemas["DeletedAppointmentsSummaryRow"];
type DeletedAppointment = Schemas["DeletedAppointment"];
type CallRecording = Schemas["CallRecording"];

/** The members list's columns (§2), with the payer first. */
export const MEMBER_EXPORT_COLUMNS: readonly ExportColumn<Member>[] = [
  { header: "Brand", value: (m) => m.company.toUpperCase() },
  { header: "Subscriber ID", value: (m) => m.Subscriber_ID },
  { header: "Patient Number", value: (m) => m.PatNum },
  { header: "MCO", value: (m) => m.MCO },
  { header: "First Name", value: (m) => m.First_Name },
  { header: "Middle Name", value: (m) => m.Middle_Name },
  { header: "Last Name", value: (m) => m.Last_Name },
  { header: "Practice", value: (m) => m.Practice },
  { header: "Address", value: (m) => m.Address1 },
  { header: "City", value: (m) => m.City },
  { header: "State", value: (m) => m.State },
  { header: "Phone", value: (m) => m.Phone },
  { header: "Birth Date", value: (m) => m.Date_of_Birth },
  { header: "Age", value: (m) => m.Age },
  { header: "Days Extracted", value: (m) => m.Days_Extracted },
  { header: "Notes", value: (m) => m.notes },
  { header: "Note Time", value: (m) => m.notestimestamp },
  { header: "Status", value: (m) => m.Status },
  { header: "Result", value: (m) => m.Result },
  { header: "Last Visit", value: (m) => m.LastVisit },
  { header: "Next Appointment", value: (m) => m.NextApt },
  { header: "Entry Time", value: (m) => m.entryTime },
];

/** The members status table's columns: practice, the nine group cells, Members, Extracted. */
export const MEMBERS_STATUS_EXPORT_COLUMNS: readonly ExportColumn<MembersStatusLine>[] = [
  { header: "Practice", value: (row) => row.practice },
  ...GROUP_CELLS.map(({ cell, status, brand }) => ({ header: `${status} ${brand.toUpperCase()}`, value: (row: MembersStatusLine) => row[cell] })),
  { header: "Members", value: (row) => row.total },
  { header: "Extracted", value: (row) => row.extractedMembers },
];

/** §2 Priority Status Report's columns. */
export const PRIORITY_EXPORT_COLUMNS: readonly ExportColumn<PriorityRow>[] = [
  { header: "Location", value: (row) => row.location },
  { header: "P1", value: (row) => row.P1 },
  { header: "P2", value: (row) => row.P2 },
  { header: "P3", value: (row) => row.P3 },
  { header: "P4", value: (row) => row.P4 },
  { header: "Sum", value: (row) => row.sum },
];

/** The priority rows the screen's region and practice filters keep (the export's query). */
export function priorityRowsOf(rows: readonly PriorityRow[], region: string | undefined, practice: string | undefined): PriorityRow[] {
  return rows.filter((row) => (!region || region === "all" || row.region === region) && (!practice || practice === "all" || String(row.practiceId) === practice));
}

/** The lead data table's columns: Location, then one per period of the answer, headed by its label. */
export function leadDataExportColumns(periods: readonly Schemas["LeadPeriod"][]): ExportColumn<LeadsEnteredRow>[] {
  return [
    { header: "Location", value: (row) => row.location },
    ...periods.map(({ key, label }) => ({ header: label, value: (row: LeadsEnteredRow) => row.counts[key as keyof LeadsEnteredRow["counts"]] ?? 0 })),
  ];
}

/** §2 Universal Usage Report's columns. */
export const USAGE_EXPORT_COLUMNS: readonly ExportColumn<UsageRow>[] = [
  { header: "User Id", value: (row) => row.userId },
  { header: "Visited Page", value: (row) => row.visitedUrl },
  { header: "Default Practice", value: (row) => row.defualtPracticeId },
  { header: "User Name", value: (row) => row.username },
  { header: "First Name", value: (row) => row.firstname },
  { header: "Last Name", value: (row) => row.lastname },
  { header: "Access Date", value: (row) => row.accessDate },
  { header: "Count", value: (row) => row.count },
];

/** Deleted appointments By Group's columns. */
export const DELETED_BY_GROUP_EXPORT_COLUMNS: readonly ExportColumn<DeletedGroup>[] = [
  { header: "Group", value: (row) => row.group },
  { header: "Deleted appointments", value: (row) => row.count },
  { header: "Practices with deletions", value: (row) => row.practices },
];

/** Deleted appointments Summary's columns, the reasons as the screen writes them. */
export const DELETED_SUMMARY_EXPORT_COLUMNS: readonly ExportColumn<DeletedSummaryRow>[] = [
  { header: "Practice", value: (row) => row.practice },
  { header: "Group", value: (row) => row.region },
  { header: "Deleted appointments", value: (row) => row.count },
  { header: "Reasons", value: reasonsText },
];

/** Deleted appointments Details' columns, the times as ISO instants (a spreadsheet reads them, whatever its zone). */
export const DELETED_DETAILS_EXPORT_COLUMNS: readonly ExportColumn<DeletedAppointment>[] = [
  { header: "Deleted at", value: (row) => row.deletedAt },
  { header: "Practice", value: (row) => row.practice },
  { header: "Patient number", value: (row) => row.PatNum },
  { header: "Patient", value: (row) => row.patientName },
  { header: "Appointment", value: (row) => row.appointmentDate },
  { header: "Deleted by", value: (row) => row.deletedBy },
  { header: "Reason", value: (row) => row.reason },
];

/** §2 Call Recordings' columns, with the campaign and file the table leaves to its filters and Download. */
export const CALL_RECORDING_EXPORT_COLUMNS: readonly ExportColumn<CallRecording>[] = [
  { header: "Date", value: (row) => row.recordedAt },
  { header: "Phone", value: (row) => row.phone },
  { header: "Mail", value: (row) => row.mail },
  { header: "Practice", value: (row) => row.practice },
  { header: "Campaign", value: (row) => row.campaign },
  { header: "File", value: (row) => row.name },
  { header: "Size (KB)", value: (row) => kilobytes(row.size) },
];

/** The quality index's six tables by practice, side by side, each column headed by its table's caption. */
export const QUALITY_INDEX_EXPORT_COLUMNS: readonly ExportColumn<QualityIndexLine>[] = [
  { header: "Practice", value: (line) => line.practice },
  ...QUALITY_INDEX_TABLES.map(({ key, caption }) => ({ header: caption, value: (line: QualityIndexLine) => line.counts[key] })),
];

/** §2 New Patient Origin's CSV download: Practice, Patient Number, First Visit Date, Result. */
export const FIRST_VISIT_EXPORT_COLUMNS: readonly ExportColumn<FirstVisitRow>[] = [
  { header: "Practice", value: (row) => row.practice },
  { header: "Patient Number", value: (row) => row.patNum },
  { header: "First Visit Date", value: (row) => row.firstVisitDate },
  { header: "Result", value: (row) => row.result },
];
