// §2 Members Status Report: filters brand, region, multi-select practice, MCO and result; one row
// per practice grouped New Patient, Recare No Future Appointment and Recare Future Appointment by
// payer, with the Members (total) and Extracted columns. Loaded by the shared report machine.
import { BRANDS, MCO_BY_BRAND } from "../../../domain/vocabulary.ts";
import type { SnapshotFrom } from "xstate";
import type { components } from "../../../contract/schema";
import { sortRows } from "../../lib/sortRows";
import type { reportMachine } from "../report/report.machine";
import { reportSelectors, selectReportSort } from "../report/report.selectors";

type Schemas = components["schemas"];
export type MembersStatusRow = Schemas["MembersStatusReportRow"];
export type MembersStatusTotals = Schemas["MembersStatusReportTotals"];
export type MembersStatusQuery = Schemas["MembersStatusReportQuery"];
export type Practice = Schemas["Practice"];
export type RegionInfo = Schemas["RegionInfo"];

export type MembersStatusFilters = MembersStatusQuery & Record<string, unknown>;

export interface MembersStatusData {
  rows: MembersStatusRow[];
  totals: MembersStatusTotals;
  practices: Practice[];
  regions: RegionInfo[];
}

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

type Snapshot = SnapshotFrom<typeof reportMachine>;
const report = reportSelectors<MembersStatusFilters, MembersStatusData>();

export const selectMembersStatusFilters = report.filters;

export const selectMembersStatusRows = (snapshot: Snapshot) => {
  const sort = selectReportSort(snapshot);
  return sortRows(report.data(snapshot)?.rows ?? [], sort.column as keyof MembersStatusRow | null, sort.direction);
};

export const selectMembersStatusTotals = (snapshot: Snapshot) => report.data(snapshot)?.totals ?? null;

export const selectMembersStatusRegions = (snapshot: Snapshot) => report.data(snapshot)?.regions ?? [];

/** The practice choices: those of the chosen region that receive the chosen brand's lists. */
export const selectMembersStatusPractices = (snapshot: Snapshot) => {
  const { brand, region } = report.filters(snapshot);
  return (report.data(snapshot)?.practices ?? []).filter(
    (practice) => (region === "all" || practice.region === region) && (brand === "all" || practice.brands.includes(brand)),
  );
};
