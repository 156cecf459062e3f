// The Members Status Report's call and its filter lists, for the report machine.
import { jsonParam, unwrap, type ApiClient } from "../../api/client";
import { fetchReportFilterLists, reportActors } from "../report/report.actors";
import type { MembersStatusData, MembersStatusFilters } from "./membersStatusReport";

export function createMembersStatusActors(api: ApiClient) {
  return reportActors<MembersStatusFilters, MembersStatusData>(async ({ brand, region, practice, mco, result }, signal) => {
    const query = { brand, region, practice, mco, result };
    const [report, lists] = await Promise.all([
      unwrap(api.GET("/Members/members-status-report", { params: { query: { params: jsonParam(query) } }, signal })),
      fetchReportFilterLists(api, signal),
    ]);
    return { ...report, ...lists };
  });
}
