import type { SnapshotFrom } from "xstate";
import type { ApiFailure } from "../../api/errors";
import { sortRows, type SortState } from "../../lib/sortRows";
import type { createReportMachine, ReportTag } from "./report.machine";

export type ReportStatus = "loading" | "ready" | "failed";

/** The snapshot of a report's machine (createReportMachine<TFilters, TData, TLists>). */
export type ReportSnapshot<TFilters extends object, TData, TLists = never> = SnapshotFrom<
  ReturnType<typeof createReportMachine<TFilters, TData, TLists>>
>;

/** What every report's snapshot has, whatever its filters and data. */
interface AnyReportSnapshot {
  hasTag(tag: ReportTag): boolean;
  context: { failure: ApiFailure | null; sort: SortState };
}

export const selectReportStatus = (snapshot: AnyReportSnapshot): ReportStatus =>
  snapshot.hasTag("report.loading") ? "loading" : snapshot.hasTag("report.failed") ? "failed" : "ready";
export const selectReportReady = (snapshot: AnyReportSnapshot) => selectReportStatus(snapshot) === "ready";
export const selectReportFailure = (snapshot: AnyReportSnapshot) => snapshot.context.failure;
export const selectReportSort = (snapshot: AnyReportSnapshot) => snapshot.context.sort;

/** The rows of a report's data in the order the reader chose. */
export function sortedRows<TRow>(rows: readonly TRow[], sort: SortState): TRow[] {
  return sortRows(rows, sort.column as keyof TRow | null, sort.direction);
}
