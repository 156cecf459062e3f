// §2 Deleted appointments, By Group, Summary and Details (openapi.yaml /deleted-appointments/*):
// what was deleted, where, when and by whom, over a date range with region and practice filters.
// Each view runs the shared report workflow with its own load; Details is paged by the server.
import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";
import type { components } from "../../../contract/schema";
import { PAGE_SIZES, type PageSize } from "../../lib/constants";
import { reportPeriods, zonedDate } from "../../../domain/calendar.ts";
import { PRACTICE_TIME_ZONE } from "../../../domain/vocabulary.ts";
import type { ExportRequest } from "../export/export.machine";
import { createReportMachine } from "../report/report.machine";
import type { ReportFilterLists } from "../report/report.actors";
import { selectReportReady, sortedRows, type ReportSnapshot } from "../report/report.selectors";

dayjs.extend(utc);
dayjs.extend(timezone);

type Schemas = components["schemas"];
export type DeletedGroupRow = Schemas["DeletedAppointmentsGroup"];
export type DeletedSummaryRow = Schemas["DeletedAppointmentsSummaryRow"];
export type DeletedDetails = Schemas["DeletedAppointmentsDetails"];
export type DeletedAppointment = Schemas["DeletedAppointment"];

export interface DeletedFilters {
  /** ISO dates, both included. */
  startDate: string;
  endDate: string;
  region: "all" | Schemas["Region"];
  /** A practice id, or "all". */
  practice: string;
  /** Details only: the page shown and its size (§9 page sizes). */
  pageNum: number;
  pageSize: PageSize;
}

/** The views open on the current month to date, every region and practice, first page of 15. */
export function initialDeletedFilters(now: Date | number): DeletedFilters {
  const { monthToDate } = reportPeriods(zonedDate(now));
  return { ...monthToDate, region: "all", practice: "all", pageNum: 1, pageSize: PAGE_SIZES[0] };
}

/** A filter change shows the first page again; a region change resets the practice to All. */
export function deletedFilterChange(change: Partial<DeletedFilters>): Partial<DeletedFilters> {
  if ("pageNum" in change) return change;
  return { ...change, pageNum: 1, ...("region" in change ? { practice: "all" } : {}) };
}

/** The query of the three calls: Details adds the page. */
export function deletedQuery({ startDate, endDate, region, practice }: DeletedFilters) {
  return { startDate, endDate, region, practice };
}

/** When an appointment was deleted or was for, in the practice group's time zone. */
export function formatDeletedDateTime(iso: string): string {
  return dayjs(iso).tz(PRACTICE_TIME_ZONE).format("MM/DD/YYYY hh:mm A");
}

export { reasonsText } from "../../../domain/reports/deletedAppointments.ts";

/** The machine of one view: its data is what the view's call answers. */
const deletedView = <TData>(id: string) =>
  createReportMachine<DeletedFilters, TData, ReportFilterLists>({ id, lists: true, filterChange: deletedFilterChange });

export const deletedByGroupMachine = deletedView<DeletedGroupRow[]>("deletedByGroup");
export const deletedSummaryMachine = deletedView<DeletedSummaryRow[]>("deletedSummary");
export const deletedDetailsMachine = deletedView<DeletedDetails>("deletedDetails");
export type DeletedViewMachine<TData> = ReturnType<typeof deletedView<TData>>;

type ViewSnapshot<TData> = ReportSnapshot<DeletedFilters, TData, ReportFilterLists>;

export const selectDeletedFilters = <TData>(snapshot: ViewSnapshot<TData>) => snapshot.context.filters;
export const selectDeletedRegions = <TData>(snapshot: ViewSnapshot<TData>) => snapshot.context.lists?.regions ?? [];
export const selectDeletedPractices = <TData>(snapshot: ViewSnapshot<TData>) => {
  const { region } = snapshot.context.filters;
  return (snapshot.context.lists?.practices ?? []).filter((practice) => region === "all" || practice.region === region);
};

export const selectGroupRows = (snapshot: ViewSnapshot<DeletedGroupRow[]>) => sortedRows(snapshot.context.data ?? [], snapshot.context.sort);
export const selectSummaryRows = (snapshot: ViewSnapshot<DeletedSummaryRow[]>) => sortedRows(snapshot.context.data ?? [], snapshot.context.sort);

export const selectDetails = (snapshot: ViewSnapshot<DeletedDetails>) => {
  const details = snapshot.context.data;
  const { pageNum, pageSize } = snapshot.context.filters;
  const count = details?.count ?? 0;
  return {
    rows: sortedRows(details?.rows ?? [], snapshot.context.sort),
    count,
    pageNum,
    pageSize,
    pageCount: Math.max(1, Math.ceil(count / pageSize)),
  };
};

/** Each view's export: the CSV of its range, region and practice (every page of Details), once the view is shown. */
export const deletedExport =
  (report: "deletedByGroup" | "deletedSummary" | "deletedDetails") =>
  <TData>(snapshot: ViewSnapshot<TData>): ExportRequest | null =>
    selectReportReady(snapshot) ? { report, query: deletedQuery(snapshot.context.filters) } : null;
