// The Universal Usage Report's calls, made by its two tables' report machines (usageTables.ts):
// the page visits (openapi.yaml GET /report/usage/{params}; an empty page search is left out of
// the query) with the practices that name their default practices, and the call activity beside them.
import { jsonParam, unwrap, type ApiClient } from "../../api/client";
import { reportActors, reportCampaignsActor, reportPracticesActor } from "../report/report.actors";
import type { CallActivityQuery, CallActivityRow, UsageQuery, UsageRow } from "./usageTables";

/** The report's path parameter (its export's too). */
export function usageParams({ visitedUrl, ...query }: UsageQuery): string {
  return jsonParam(visitedUrl ? { ...query, visitedUrl } : query);
}

/** The visits, and the practices that name their default practices. */
export function createUsageReportActors(api: ApiClient) {
  return {
    ...reportActors<UsageQuery, UsageRow[]>((query, signal) =>
      unwrap(api.GET("/report/usage/{params}", { params: { path: { params: usageParams(query) } }, signal })),
    ),
    loadLists: reportPracticesActor(api),
  };
}

/** The calls started and results saved per agent over the report's dates, of all work or a campaign's (GET /report/call-activity), and the campaigns. */
export function createCallActivityActors(api: ApiClient) {
  return {
    ...reportActors<CallActivityQuery, CallActivityRow[]>(({ campaign, ...dates }, signal) =>
      unwrap(api.GET("/report/call-activity", { params: { query: campaign === null ? dates : { ...dates, campaign } }, signal })),
    ),
    loadLists: reportCampaignsActor(api),
  };
}
