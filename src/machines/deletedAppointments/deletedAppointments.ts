// §2 Deleted appointments, By Group, Summary and Details (openapi.yaml /deleted-appointments/*):
// what was deleted, where, when and by whom, over a date range with region and practice filters.
// Each view is the shared report machine with its own load; Details is paged by the server.
import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";
import type { SnapshotFrom } from "xstate";
import type { components } from "../../../contract/schema";
import { PAGE_SIZES, type PageSize } from "../../lib/constants";
import { reportPeriods, zonedDate } from "../../../domain/calendar.ts";
import { PRACTICE_TIME_ZONE } from "../../../domain/vocabulary.ts";
import { sortRows } from "../../lib/sortRows";
import type { reportMachine } from "../report/report.machine";
import { reportSelectors, selectReportSort } from "../report/report.selectors";

dayjs.extend(utc);
dayjs.extend(timezone);

type Schemas = components["schemas"];
export type DeletedGroupRow = Schemas["DeletedAppointmentsGroup"];
export type DeletedSummaryRow = Schemas["DeletedAppointmentsSummaryRow"];
export type DeletedDetails = Schemas["DeletedAppointmentsDetails"];
export type DeletedAppointment = Schemas["DeletedAppointment"];
export type Practice = Schemas["Practice"];
export type RegionInfo = Schemas["RegionInfo"];

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
  [key: string]: unknown;
}

export interface DeletedData<TResult> {
  result: TResult;
  practices: Practice[];
  regions: RegionInfo[];
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

type Snapshot = SnapshotFrom<typeof reportMachine>;
const anyView = reportSelectors<DeletedFilters, DeletedData<unknown>>();

export const selectDeletedFilters = anyView.filters;
export const selectDeletedRegions = (snapshot: Snapshot) => anyView.data(snapshot)?.regions ?? [];
export const selectDeletedPractices = (snapshot: Snapshot) => {
  const { region } = anyView.filters(snapshot);
  return (anyView.data(snapshot)?.practices ?? []).filter((practice) => region === "all" || practice.region === region);
};

function sortedResult<TRow>(snapshot: Snapshot): TRow[] {
  const sort = selectReportSort(snapshot);
  const rows = (anyView.data(snapshot)?.result ?? []) as TRow[];
  return sortRows(rows, sort.column as keyof TRow | null, sort.direction);
}

export const selectGroupRows = (snapshot: Snapshot) => sortedResult<DeletedGroupRow>(snapshot);
export const selectSummaryRows = (snapshot: Snapshot) => sortedResult<DeletedSummaryRow>(snapshot);

export const selectDetails = (snapshot: Snapshot) => {
  const details = anyView.data(snapshot)?.result as DeletedDetails | undefined;
  const { pageNum, pageSize } = anyView.filters(snapshot);
  const count = details?.count ?? 0;
  const sort = selectReportSort(snapshot);
  return {
    rows: sortRows(details?.rows ?? [], sort.column as keyof DeletedAppointment | null, sort.direction),
    count,
    pageNum,
    pageSize,
    pageCount: Math.max(1, Math.ceil(count / pageSize)),
  };
};
