// The Priority Status Report's call and its filter lists, for the report machine.
import { unwrap, type ApiClient } from "../../api/client";
import { fetchReportFilterLists, reportActors } from "../report/report.actors";
import type { PriorityData, PriorityFilters } from "./priorityStatus";

export function createPriorityStatusActors(api: ApiClient) {
  return reportActors<PriorityFilters, PriorityData>(async (_filters, signal) => {
    const [rows, lists] = await Promise.all([
      unwrap(api.GET("/report/priority-status-report", { signal })),
      fetchReportFilterLists(api, signal),
    ]);
    return { rows, ...lists };
  });
}
