// The Priority Status Report's call and its filter lists, for its report machine.
import { unwrap, type ApiClient } from "../../api/client";
import { reportWithListsActors } from "../report/report.actors";
import type { PriorityFilters, PriorityRow } from "./priorityStatus";

export function createPriorityStatusActors(api: ApiClient) {
  return reportWithListsActors<PriorityFilters, PriorityRow[]>(api, (_filters, signal) =>
    unwrap(api.GET("/report/priority-status-report", { signal })),
  );
}
