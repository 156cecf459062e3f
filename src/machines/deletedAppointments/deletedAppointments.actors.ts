// The three Deleted Appointments views' calls, each with the filter lists, for their report machines.
import { unwrap, type ApiClient } from "../../api/client";
import { reportWithListsActors } from "../report/report.actors";
import { deletedQuery, type DeletedDetails, type DeletedFilters, type DeletedGroupRow, type DeletedSummaryRow } from "./deletedAppointments";

export function createDeletedAppointmentsActors(api: ApiClient) {
  return {
    byGroup: reportWithListsActors<DeletedFilters, DeletedGroupRow[]>(api, (filters, signal) =>
      unwrap(api.GET("/deleted-appointments/bygroup", { params: { query: deletedQuery(filters) }, signal })),
    ),
    summary: reportWithListsActors<DeletedFilters, DeletedSummaryRow[]>(api, (filters, signal) =>
      unwrap(api.GET("/deleted-appointments/summary", { params: { query: deletedQuery(filters) }, signal })),
    ),
    details: reportWithListsActors<DeletedFilters, DeletedDetails>(api, (filters, signal) =>
      unwrap(
        api.GET("/deleted-appointments/details", {
          params: { query: { ...deletedQuery(filters), pageNum: filters.pageNum, pageSize: filters.pageSize } },
          signal,
        }),
      ),
    ),
  };
}
