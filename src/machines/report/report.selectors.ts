import type { SnapshotFrom } from "xstate";
import type { reportMachine } from "./report.machine";

type ReportSnapshot = SnapshotFrom<typeof reportMachine>;

export type ReportStatus = "loading" | "ready" | "failed";

export const selectReportStatus = (snapshot: ReportSnapshot) => snapshot.value as ReportStatus;
export const selectReportFailure = (snapshot: ReportSnapshot) => snapshot.context.failure;
export const selectReportSort = (snapshot: ReportSnapshot) => snapshot.context.sort;

/**
 * Typed readers for one report: `const priority = reportSelectors<Filters, PriorityRow[]>()`.
 * The types are the screen's promise, kept by the `load` it provides (report.actors.ts, reportActors).
 */
export function reportSelectors<TFilters, TData>() {
  return {
    data: (snapshot: ReportSnapshot) => snapshot.context.data as TData | null,
    filters: (snapshot: ReportSnapshot) => snapshot.context.filters as TFilters,
  };
}
