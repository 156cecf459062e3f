// Campaigns' progress (tag campaigns): the Campaigns page's table, a campaign's days for its chart
// and their CSV. Administrators read every campaign, other staff the campaigns they are assigned
// to; a campaign the caller may not read is answered as unknown (404).
import { HttpError } from "../../contract/errors.ts";
import { zonedDate } from "../../domain/calendar.ts";
import { NO_SUCH_CAMPAIGN } from "../../domain/campaigns/campaignRules.ts";
import { appointmentResultOf, CAMPAIGN_DAYS_EXPORT_COLUMNS, campaignDays, campaignDaySpan, campaignDaysFileName, progressOf } from "../../domain/campaigns/campaignProgress.ts";
import { audit } from "../audit.repository.ts";
import { calendarNow } from "../calendar.ts";
import { oneBatch, sendCsv } from "../exports/csvReply.ts";
import { callerOf, type Call, type Handlers } from "../handlers.ts";
import type { Services } from "../services.ts";
import { campaignDayCounts, campaignWork } from "./campaignProgress.repository.ts";
import { campaignById, campaignRows, type Campaign } from "./campaigns.repository.ts";
import { keptTargets } from "./keptTargets.ts";

const todayOf = (services: Services) => zonedDate(calendarNow(services), services.config.reportTimeZone);

async function readableCampaign(call: Pick<Call<"getCampaignDays">, "caller" | "services" | "path">): Promise<Campaign> {
  const { user } = callerOf(call);
  const campaign = await campaignById(call.services.db, call.path.id);
  if (!campaign || (!user.is_admin && !campaign.agents.includes(user.id))) throw new HttpError(404, NO_SUCH_CAMPAIGN);
  return campaign;
}

async function daysOf(services: Services, campaign: Campaign) {
  const today = todayOf(services);
  const span = campaignDaySpan(campaign, today);
  const counted = span ? await campaignDayCounts(services.db, { id: campaign.id, appointmentResult: appointmentResultOf(campaign) }, span, services.config.reportTimeZone) : [];
  return campaignDays(campaign, today, counted);
}

export const campaignProgressHandlers: Handlers = {
  async listCampaignProgress(call) {
    const { services } = call;
    const { user } = callerOf(call);
    const campaigns = await campaignRows(services.db, user.is_admin ? undefined : user.id);
    const [work, kept] = await Promise.all([
      campaignWork(services.db, campaigns.map((campaign) => ({ id: campaign.id, appointmentResult: appointmentResultOf(campaign) }))),
      keptTargets(services, campaigns),
    ]);
    const today = todayOf(services);
    return campaigns.map((campaign) => progressOf(campaign, work.get(campaign.id)!, kept.get(campaign.id)!, today));
  },

  async getCampaignDays(call) {
    return daysOf(call.services, await readableCampaign(call));
  },

  async exportCampaignDays(call) {
    const { services } = call;
    const campaign = await readableCampaign(call);
    const rows = await daysOf(services, campaign);
    await audit(services.db, { userId: callerOf(call).user.id, action: `exportCampaignDays ${campaign.id}`, memberIds: [], address: call.request.ip });
    const fileName = campaignDaysFileName(campaign.name, calendarNow(services), services.config.reportTimeZone);
    return sendCsv(call.reply, { fileName, columns: CAMPAIGN_DAYS_EXPORT_COLUMNS, rowCount: rows.length, batches: oneBatch(rows) });
  },
};
