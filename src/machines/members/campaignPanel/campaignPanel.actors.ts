// The campaign panel's call (openapi.yaml tag campaigns).
import { unwrap, type ApiClient } from "../../../api/client";
import { fromApiCall } from "../../../api/fromApiCall";

export function createCampaignPanelActors(api: ApiClient) {
  return {
    loadCampaigns: fromApiCall((_: unknown, signal) => unwrap(api.GET("/campaigns", { signal }))),
  };
}
