// §2 Priority Status Report: the rows by location with P1–P4 and sum. The call answers every
// practice (openapi.yaml); the practice and region filters (the rule the export follows too) and
// the sort apply on the client.
import type { components } from "../../../contract/schema";
import type { ExportRequest } from "../export/export.machine";
import { createReportMachine } from "../report/report.machine";
import type { ReportFilterLists } from "../report/report.actors";
import { selectReportReady, selectReportSort, sortedRows, type ReportSnapshot } from "../report/report.selectors";
import { priorityRowsOf } from "../../../domain/exports/columns.ts";

type Schemas = components["schemas"];
export type PriorityRow = Schemas["PriorityRow"];

export interface PriorityFilters {
  /** A practice id, or "all". */
  practice: string;
  region: Schemas["RegionFilter"];
}

export const INITIAL_PRIORITY_FILTERS: PriorityFilters = { practice: "all", region: "all" };

/** A region change resets the practice to All (as a brand change does in the members list, §4). */
export function priorityFilterChange(change: Partial<PriorityFilters>): Partial<PriorityFilters> {
  return "region" in change ? { ...change, practice: "all" } : change;
}

export const priorityStatusMachine = createReportMachine<PriorityFilters, PriorityRow[], ReportFilterLists>({
  id: "priorityStatusReport",
  lists: true,
  filterChange: priorityFilterChange,
});

type Snapshot = ReportSnapshot<PriorityFilters, PriorityRow[], ReportFilterLists>;

export const selectPriorityFilters = (snapshot: Snapshot) => snapshot.context.filters;

export const selectPriorityRows = (snapshot: Snapshot) => {
  const { region, practice } = snapshot.context.filters;
  return sortedRows(priorityRowsOf(snapshot.context.data ?? [], region, practice), selectReportSort(snapshot));
};

/** The practice choices: those of the chosen region. */
export const selectPriorityPractices = (snapshot: Snapshot) => {
  const { region } = snapshot.context.filters;
  return (snapshot.context.lists?.practices ?? []).filter((practice) => region === "all" || practice.region === region);
};

export const selectPriorityRegions = (snapshot: Snapshot) => snapshot.context.lists?.regions ?? [];

/** PriorityStatus.csv of the chosen region and practice, once the report is shown. */
export const selectPriorityExport = (snapshot: Snapshot): ExportRequest | null => {
  const { region, practice } = snapshot.context.filters;
  return selectReportReady(snapshot) ? { report: "priorityStatus", query: { region, practice } } : null;
};
