// The dashboard's calls: the open-issues check and the dashboard's help items.
import { jsonParam, unwrap, type ApiClient } from "../../api/client";
import { fromApiCall } from "../../api/fromApiCall";

export function createDashboardActors(api: ApiClient) {
  return {
    loadOpenIssues: fromApiCall((body: { applicationList: string[] }, signal) =>
      unwrap(api.POST("/Members/getOpenIssues", { body, signal })),
    ),
    loadHelp: fromApiCall((input: { pageId: string }, signal) =>
      unwrap(api.GET("/helpMark/{params}", { params: { path: { params: jsonParam(input) } }, signal })),
    ),
  };
}
