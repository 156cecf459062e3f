// What a deleted-appointments view's frame needs of the view's report actor: status, filters and
// their choices, the export of the view, and the events of its filters, Refresh and sort.
import { useSelector } from "@xstate/react";
import type { ActorRefFrom } from "xstate";
import { sameExportRequest } from "../../machines/export/export.selectors";
import type { ExportRequest } from "../../machines/export/export.machine";
import {
  selectDeletedFilters,
  selectDeletedPractices,
  selectDeletedRegions,
  type DeletedFilters,
  type DeletedViewMachine,
} from "../../machines/deletedAppointments/deletedAppointments";
import { selectReportFailure, selectReportSort, selectReportStatus, type ReportSnapshot } from "../../machines/report/report.selectors";
import type { ReportFilterLists } from "../../machines/report/report.actors";

export type DeletedViewActor<TData> = ActorRefFrom<DeletedViewMachine<TData>>;

export function useDeletedView<TData>(
  actor: DeletedViewActor<TData>,
  selectExport: (snapshot: ReportSnapshot<DeletedFilters, TData, ReportFilterLists>) => ExportRequest | null,
) {
  return {
    status: useSelector(actor, selectReportStatus),
    failure: useSelector(actor, selectReportFailure),
    sort: useSelector(actor, selectReportSort),
    filters: useSelector(actor, selectDeletedFilters),
    regions: useSelector(actor, selectDeletedRegions),
    practices: useSelector(actor, selectDeletedPractices),
    exportRequest: useSelector(actor, selectExport, sameExportRequest),
    change: (change: Partial<DeletedFilters>) => actor.send({ type: "report.filters.change", filters: change }),
    refresh: () => actor.send({ type: "report.refresh" }),
    sortBy: (column: string) => actor.send({ type: "report.sort", column }),
  };
}

export type DeletedView = ReturnType<typeof useDeletedView>;
