// §2 Priority Status Report: the rows by location with P1–P4 and sum. The call answers every
// practice (openapi.yaml); the practice and region filters (the rule the export follows too) and
// the sort apply on the client.
import type { SnapshotFrom } from "xstate";
import type { components } from "../../../contract/schema";
import { sortRows } from "../../lib/sortRows";
import type { reportMachine } from "../report/report.machine";
import { reportSelectors, selectReportSort } from "../report/report.selectors";
import { priorityRowsOf } from "../../../domain/exports/columns.ts";

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
  const rows = priorityRowsOf(data?.rows ?? [], filters.region, filters.practice);
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

/** A region change resets the practice to All (as a brand change does in the members list, §4). */
export function priorityFilterChange(change: Partial<PriorityFilters>): Partial<PriorityFilters> {
  return "region" in change ? { ...change, practice: "all" } : change;
}
