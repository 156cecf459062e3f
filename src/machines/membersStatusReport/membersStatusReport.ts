// §2 Members Status Report: filters brand, region, multi-select practice, MCO and result; one row
// per practice grouped New Patient, Recare No Future Appointment and Recare Future Appointment by
// payer, with the Members (total) and Extracted columns. Runs the shared report workflow.
import { BRANDS, MCO_BY_BRAND } from "../../../domain/vocabulary.ts";
import type { components } from "../../../contract/schema";
import type { ExportRequest } from "../export/export.machine";
import { createReportMachine } from "../report/report.machine";
import type { ReportFilterLists } from "../report/report.actors";
import { selectReportReady, selectReportSort, sortedRows, type ReportSnapshot } from "../report/report.selectors";

type Schemas = components["schemas"];
export type MembersStatusRow = Schemas["MembersStatusReportRow"];
export type MembersStatusTotals = Schemas["MembersStatusReportTotals"];
export type MembersStatusQuery = Schemas["MembersStatusReportQuery"];
export type MembersStatusFilters = MembersStatusQuery;
export type MembersStatusData = Schemas["MembersStatusReport"];

export const INITIAL_MEMBERS_STATUS_FILTERS: MembersStatusFilters = {
  brand: "all",
  region: "all",
  practice: [],
  mco: "all",
  result: "all",
};

/** §2 The three groups, each by payer (DENTA, MCNA, UHC), in the order of the table. */
export const STATUS_GROUPS = [
  { key: "New_Patient_", label: "New Patient" },
  { key: "Recare_No_Future_Appointment_", label: "Recare No Future Appointment" },
  { key: "Recare_Future_Appointment_", label: "Recare Future Appointment" },
] as const;
export const PAYERS = ["DENTA", "MCNA", "UHC"] as const;
export type CountColumn = Exclude<keyof Schemas["MembersStatusReportCounts"], "total" | "extractedMembers">;
export const countColumn = (group: (typeof STATUS_GROUPS)[number], payer: (typeof PAYERS)[number]) =>
  `${group.key}${payer}` as CountColumn;

/** The MCO filter's options: every payer's, in the payers' order. */
export const MCO_OPTIONS = BRANDS.flatMap((brand) => MCO_BY_BRAND[brand]);

/** §2 "Total cells are red when members differ from extracted, green otherwise." */
export const totalsMatch = (row: Pick<MembersStatusRow, "total" | "extractedMembers">) => row.total === row.extractedMembers;

/** A brand or region change resets the practice choice to All (§4 "A brand change resets the practice to All"). */
export function membersStatusFilterChange(change: Partial<MembersStatusFilters>): Partial<MembersStatusFilters> {
  return "brand" in change || "region" in change ? { ...change, practice: [] } : change;
}

export const membersStatusMachine = createReportMachine<MembersStatusFilters, MembersStatusData, ReportFilterLists>({
  id: "membersStatusReport",
  lists: true,
  filterChange: membersStatusFilterChange,
});

type Snapshot = ReportSnapshot<MembersStatusFilters, MembersStatusData, ReportFilterLists>;

export const selectMembersStatusFilters = (snapshot: Snapshot) => snapshot.context.filters;

export const selectMembersStatusRows = (snapshot: Snapshot) => sortedRows(snapshot.context.data?.rows ?? [], selectReportSort(snapshot));

export const selectMembersStatusTotals = (snapshot: Snapshot) => snapshot.context.data?.totals ?? null;

export const selectMembersStatusRegions = (snapshot: Snapshot) => snapshot.context.lists?.regions ?? [];

/** The practice choices: those of the chosen region that receive the chosen brand's lists. */
export const selectMembersStatusPractices = (snapshot: Snapshot) => {
  const { brand, region } = snapshot.context.filters;
  return (snapshot.context.lists?.practices ?? []).filter(
    (practice) => (region === "all" || practice.region === region) && (brand === "all" || practice.brands.includes(brand)),
  );
};

/** The report's own query, as its call takes it (openapi.yaml getMembersStatusReport `params`). */
export function membersStatusParams({ brand, region, practice, mco, result }: MembersStatusFilters): string {
  return JSON.stringify({ brand, region, practice, mco, result });
}

/** The table shown, as CSV, once it is shown. */
export const selectMembersStatusExport = (snapshot: Snapshot): ExportRequest | null =>
  selectReportReady(snapshot) ? { report: "membersStatus", query: { params: membersStatusParams(snapshot.context.filters) } } : null;

/** Send Report needs rows to send, and one send at a time. */
export const selectMembersStatusCanSend = (snapshot: Snapshot) => selectReportReady(snapshot) && (snapshot.context.data?.rows.length ?? 0) > 0;
