// The Lead Data Report's calls: the standard periods with the practices of the filter, and a custom
// range (both openapi.yaml POST /report/lead-data-report).
import { unwrap, type ApiClient } from "../../api/client";
import { fromApiCall } from "../../api/fromApiCall";
import { fetchReportFilterLists } from "../report/report.actors";
import type { LeadPeriodsRequest, LeadRangeRequest } from "./leadDataReport.machine";

export function createLeadDataActors(api: ApiClient) {
  return {
    loadPeriods: fromApiCall(async (body: LeadPeriodsRequest, signal) => {
      const [report, { practices }] = await Promise.all([
        unwrap(api.POST("/report/lead-data-report", { body, signal })),
        fetchReportFilterLists(api, signal),
      ]);
      return { report, practices };
    }),
    loadRange: fromApiCall((body: LeadRangeRequest, signal) => unwrap(api.POST("/report/lead-data-report", { body, signal }))),
  };
}
