// The usage tracking machine's one call: a page visit (openapi.yaml POST /saveApplicationUsage).
import { unwrap, type ApiClient } from "../../api/client";
import { fromApiCall } from "../../api/fromApiCall";
import type { PageVisit } from "./usageTracking.machine";

export function createUsageTrackingActors(api: ApiClient) {
  return {
    saveVisit: fromApiCall(async (visit: PageVisit, signal) => {
      await unwrap(api.POST("/saveApplicationUsage", { body: visit, signal }));
    }),
  };
}
