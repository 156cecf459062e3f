// The campaign panel's calls (openapi.yaml tag campaigns): the campaigns, and the agents' names as
// the Campaigns page's agent rows show them.
import { unwrap, type ApiClient } from "../../../api/client";
import { fromApiCall } from "../../../api/fromApiCall";

export function createCampaignPanelActors(api: ApiClient) {
  return {
    loadCampaigns: fromApiCall((_: unknown, signal) => unwrap(api.GET("/campaigns", { signal }))),
    // The progress, not GET /staff: it names the agents of the reader's own campaigns to every reader, administrator or not.
    loadAgentNames: fromApiCall(async (_: unknown, signal) => {
      const progress = await unwrap(api.GET("/campaign-progress", { signal }));
      return Object.fromEntries(progress.flatMap((campaign) => campaign.byAgent.map((agent) => [agent.userId, `${agent.firstname} ${agent.lastname}`])));
    }),
  };
}
