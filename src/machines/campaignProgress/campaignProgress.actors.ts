// The progress's calls (openapi.yaml tag campaigns): the counts with the campaigns' names, and a
// campaign's days.
import { unwrap, type ApiClient } from "../../api/client";
import { fromApiCall } from "../../api/fromApiCall";
import { appointmentResultOf } from "../../../domain/campaigns/campaignProgress.ts";
import type { ProgressRow } from "./campaignProgress.machine";

export function createCampaignProgressActors(api: ApiClient) {
  return {
    loadProgress: fromApiCall(async (_: unknown, signal): Promise<ProgressRow[]> => {
      const [progress, campaigns] = await Promise.all([unwrap(api.GET("/campaign-progress", { signal })), unwrap(api.GET("/campaigns", { signal }))]);
      const byId = new Map(campaigns.map((campaign) => [campaign.id, campaign]));
      // A campaign made between the two reads is shown at the next.
      return progress.flatMap((row) => {
        const campaign = byId.get(row.campaignId);
        return campaign ? [{ ...row, name: campaign.name, state: campaign.state, appointmentResult: appointmentResultOf(campaign) }] : [];
      });
    }),
    loadDays: fromApiCall(({ id }: { id: number }, signal) => unwrap(api.GET("/campaign-progress/{id}/days", { params: { path: { id } }, signal }))),
  };
}
