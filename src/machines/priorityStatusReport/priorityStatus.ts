// §2 Priority Status Report: the rows by location with P1–P4 and sum. The call answers every
// practice (openapi.yaml); the practice and region filters and the sort apply on the client.
import type { SnapshotFrom } from "xstate";
import type { components } from "../../api/schema";
import { buildCsv, type CsvColumn } from "../../lib/csv";
import { PRIORITY_STATUS_CSV } from "../../lib/constants";
import { sortRows } from "../../lib/sortRows";
import type { reportMachine } from "../report/report.machine";
import { reportSelectors, selectReportSort } from "../report/report.selectors";
import type { FileDownload } from "../download/download.machine";

type Schemas = components["schemas"];
export type PriorityRow = Schemas["PriorityRow"];
export type Practice = Schemas["Practice"];
export type RegionInfo = Schemas["RegionInfo"];

export interface PriorityFilters {
  /** A practice id, or "all". */
  practice: string;
  /** A region, or "all". */
  region: string;
  [key: string]: unknown;
}

export interface PriorityData {
  rows: PriorityRow[];
  practices: Practice[];
  regions: RegionInfo[];
}

export const INITIAL_PRIORITY_FILTERS: PriorityFilters = { practice: "all", region: "all" };

type Snapshot = SnapshotFrom<typeof reportMachine>;
const report = reportSelectors<PriorityFilters, PriorityData>();

export const selectPriorityFilters = report.filters;

export function visiblePriorityRows(data: PriorityData | null, filters: PriorityFilters, sort: ReturnType<typeof selectReportSort>) {
  const rows = (data?.rows ?? []).filter(
    (row) =>
      (filters.region === "all" || row.region === filters.region) &&
      (filters.practice === "all" || String(row.practiceId) === filters.practice),
  );
  return sortRows(rows, sort.column as keyof PriorityRow | null, sort.direction);
}

export const selectPriorityRows = (snapshot: Snapshot) =>
  visiblePriorityRows(report.data(snapshot), report.filters(snapshot), selectReportSort(snapshot));

/** The practice choices: those of the chosen region. */
export const selectPriorityPractices = (snapshot: Snapshot) => {
  const { region } = report.filters(snapshot);
  return (report.data(snapshot)?.practices ?? []).filter((practice) => region === "all" || practice.region === region);
};

export const selectPriorityRegions = (snapshot: Snapshot) => report.data(snapshot)?.regions ?? [];

const CSV_COLUMNS: CsvColumn<PriorityRow>[] = [
  { header: "Location", value: (row) => row.location },
  { header: "P1", value: (row) => row.P1 },
  { header: "P2", value: (row) => row.P2 },
  { header: "P3", value: (row) => row.P3 },
  { header: "P4", value: (row) => row.P4 },
  { header: "Sum", value: (row) => row.sum },
];

/** §9 CSV name PriorityStatus.csv: the rows on screen, as filtered and sorted. */
export function priorityStatusCsv(rows: readonly PriorityRow[]): FileDownload {
  return { fileName: PRIORITY_STATUS_CSV, content: buildCsv(CSV_COLUMNS, rows), mimeType: "text/csv;charset=utf-8" };
}

/** A region change resets the practice to All (as a brand change does in the members list, §4). */
export function priorityFilterChange(change: Partial<PriorityFilters>): Partial<PriorityFilters> {
  return "region" in change ? { ...change, practice: "all" } : change;
}
