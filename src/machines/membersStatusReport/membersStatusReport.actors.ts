// The Members Status Report's call and its filter lists, for its report machine.
import { unwrap, type ApiClient } from "../../api/client";
import { reportWithListsActors } from "../report/report.actors";
import { membersStatusParams, type MembersStatusData, type MembersStatusFilters } from "./membersStatusReport";

export function createMembersStatusActors(api: ApiClient) {
  return reportWithListsActors<MembersStatusFilters, MembersStatusData>(api, (filters, signal) =>
    unwrap(api.GET("/Members/members-status-report", { params: { query: { params: membersStatusParams(filters) } }, signal })),
  );
}
