// The three Deleted Appointments views' calls, each with the filter lists, for the report machine.
import { unwrap, type ApiClient } from "../../api/client";
import { fetchReportFilterLists, reportActors } from "../report/report.actors";
import {
  deletedQuery,
  type DeletedData,
  type DeletedDetails,
  type DeletedFilters,
  type DeletedGroupRow,
  type DeletedSummaryRow,
} from "./deletedAppointments";

export function createDeletedAppointmentsActors(api: ApiClient) {
  function view<TResult>(call: (filters: DeletedFilters, signal: AbortSignal) => Promise<TResult>) {
    return reportActors<DeletedFilters, DeletedData<TResult>>(async (filters, signal) => {
      const [result, lists] = await Promise.all([call(filters, signal), fetchReportFilterLists(api, signal)]);
      return { result, ...lists };
    });
  }

  return {
    byGroup: view<DeletedGroupRow[]>((filters, signal) =>
      unwrap(api.GET("/deleted-appointments/bygroup", { params: { query: deletedQuery(filters) }, signal })),
    ),
    summary: view<DeletedSummaryRow[]>((filters, signal) =>
      unwrap(api.GET("/deleted-appointments/summary", { params: { query: deletedQuery(filters) }, signal })),
    ),
    details: view<DeletedDetails>((filters, signal) =>
      unwrap(
        api.GET("/deleted-appointments/details", {
          params: { query: { ...deletedQuery(filters), pageNum: filters.pageNum, pageSize: filters.pageSize } },
          signal,
        }),
      ),
    ),
  };
}
