// The Campaigns page's calls (openapi.yaml tag campaigns; GET /staff for the agents, the practices
// and dentists for the targets' controls).
import { unwrap, type ApiClient } from "../../api/client";
import { fromApiCall } from "../../api/fromApiCall";
import { zonedDate } from "../../../domain/calendar.ts";
import type { CampaignInput, CampaignTargets } from "./campaignDraft";
import { campaignEditorMachine } from "./campaignEditor.machine";
import type { CampaignStep } from "./campaigns.machine";

export function createCampaignsActors(api: ApiClient) {
  const editor = campaignEditorMachine.provide({
    actors: {
      saveCampaign: fromApiCall(({ id, version, body }: { id: number | null; version: number | null; body: CampaignInput }, signal) =>
        id === null
          ? unwrap(api.POST("/campaigns", { body, signal }))
          : unwrap(api.PUT("/campaigns/{id}", { params: { path: { id } }, body: { ...body, version: version ?? 1 }, signal })),
      ),
      countTargets: fromApiCall((targets: CampaignTargets, signal) => unwrap(api.POST("/campaign-targets/count", { body: targets, signal }))),
    },
  });
  return {
    load: fromApiCall(async (_: unknown, signal) => {
      const [campaigns, staff, practices, dentists] = await Promise.all([
        unwrap(api.GET("/campaigns", { signal })),
        unwrap(api.GET("/staff", { signal })),
        unwrap(api.GET("/practice/list", { signal })),
        unwrap(api.GET("/Members/getDentistList", { signal })),
      ]);
      return { campaigns, staff, practices, dentists, today: zonedDate(Date.now()) };
    }),
    loadCampaigns: fromApiCall((_: unknown, signal) => unwrap(api.GET("/campaigns", { signal }))),
    cloneCampaign: fromApiCall(({ id, name }: { id: number; name: string }, signal) => unwrap(api.POST("/campaigns/{id}/clone", { params: { path: { id } }, body: { name }, signal }))),
    changeState: fromApiCall(({ id, step }: { id: number; step: CampaignStep }, signal) => unwrap(api.POST("/campaigns/{id}/{step}", { params: { path: { id, step } }, signal }))),
    editor,
  };
}
