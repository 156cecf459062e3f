// Campaigns' progress (listCampaignProgress, getCampaignDays, exportCampaignDays): administrators
// read every campaign, other staff the campaigns they are assigned to; any other is unknown (404).
import { HttpResponse } from "msw";
import { HttpError } from "../../contract/errors.ts";
import { zonedDate } from "../../domain/calendar.ts";
import { CAMPAIGN_DAYS_EXPORT_COLUMNS, campaignDaysFileName, progressOf } from "../../domain/campaigns/campaignProgress.ts";
import { NO_SUCH_CAMPAIGN } from "../../domain/campaigns/campaignRules.ts";
import { caller, createApi } from "../api";
import { createCampaignProgress } from "../campaigns/campaignProgress";
import type { MockDb } from "../db/createMockDb";
import type { CampaignRecord } from "../db/records";
import { csvResponse, oneBatch } from "../exports/csvResponse";

const inOrder = (a: CampaignRecord, b: CampaignRecord) => a.position - b.position || a.id - b.id;

export function campaignProgressHandlers(db: MockDb) {
  const api = createApi(db);
  const progress = createCampaignProgress(db);
  const mayRead = (user: { id: number; isAdmin: boolean }) => (campaign: CampaignRecord) => user.isAdmin || campaign.agents.includes(user.id);
  const readable = (user: { id: number; isAdmin: boolean }, id: number) => {
    const campaign = db.campaigns.find((candidate) => candidate.id === id);
    if (!campaign || !mayRead(user)(campaign)) throw new HttpError(404, NO_SUCH_CAMPAIGN);
    return campaign;
  };

  return [
    api.get("/campaign-progress", (context) => {
      const today = zonedDate(db.now());
      const campaigns = db.campaigns.filter(mayRead(caller(context).user)).sort(inOrder);
      return HttpResponse.json(campaigns.map((campaign) => progressOf(campaign, progress.work(campaign), progress.keptTargets(campaign), today)));
    }),

    api.get("/campaign-progress/{id}/days", (context) => HttpResponse.json(progress.days(readable(caller(context).user, context.path.id)))),

    api.get("/campaign-progress/{id}/days/export", (context) => {
      const campaign = readable(caller(context).user, context.path.id);
      const rows = progress.days(campaign);
      return csvResponse({ fileName: campaignDaysFileName(campaign.name, db.now()), columns: CAMPAIGN_DAYS_EXPORT_COLUMNS, rowCount: rows.length, batches: oneBatch(rows) });
    }),
  ];
}
