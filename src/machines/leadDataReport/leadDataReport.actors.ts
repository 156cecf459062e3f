// The Lead Data Report's calls: the standard periods, a custom range (both openapi.yaml POST
// /report/lead-data-report), and the practices of the range's filter.
import { unwrap, type ApiClient } from "../../api/client";
import { fromApiCall } from "../../api/fromApiCall";
import { reportPracticesActor } from "../report/report.actors";
import type { LeadPeriodsRequest, LeadRangeRequest } from "./leadDataReport.machine";

export function createLeadDataActors(api: ApiClient) {
  return {
    loadPeriods: fromApiCall((body: LeadPeriodsRequest, signal) => unwrap(api.POST("/report/lead-data-report", { body, signal }))),
    loadRange: fromApiCall((body: LeadRangeRequest, signal) => unwrap(api.POST("/report/lead-data-report", { body, signal }))),
    loadPractices: reportPracticesActor(api),
  };
}
