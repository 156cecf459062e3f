// A campaign filter (members list, live board, contact data and call activity reports) names an
// existing campaign, else the request is 400 naming `campaign`; narrowed, a report keeps the work
// done in that campaign.
import { invalidRequest } from "../../contract/errors.ts";
import { FIGURE_WITHOUT_CAMPAIGN_DETAIL, UNKNOWN_CAMPAIGN_DETAIL } from "../../domain/campaigns/campaignTargets.ts";
import { figureResults, type CampaignFigure } from "../../domain/campaigns/campaignProgress.ts";
import type { MockDb } from "../db/createMockDb";

export function checkCampaignFilter(db: Pick<MockDb, "campaigns">, campaign: number | undefined): void {
  if (campaign !== undefined && !db.campaigns.some((candidate) => candidate.id === campaign)) throw invalidRequest([{ field: "campaign", message: UNKNOWN_CAMPAIGN_DETAIL }]);
}

/**
 * The members list's `campaign` and `campaignFigure` as its query takes them (the server's
 * campaignListFilter): 400 naming `campaign` for no campaign, naming `campaignFigure` without
 * one; a figure other than called keeps the members given its results in the campaign.
 */
export function campaignListFilter(db: Pick<MockDb, "campaigns">, query: { campaign?: number; campaignFigure?: CampaignFigure }): { campaign?: number; campaignResults?: readonly string[] } {
  if (query.campaign === undefined) {
    if (query.campaignFigure !== undefined) throw invalidRequest([{ field: "campaignFigure", message: FIGURE_WITHOUT_CAMPAIGN_DETAIL }]);
    return {};
  }
  checkCampaignFilter(db, query.campaign);
  const campaign = db.campaigns.find((candidate) => candidate.id === query.campaign)!;
  const results = query.campaignFigure === undefined ? null : figureResults(query.campaignFigure, campaign);
  return { campaign: query.campaign, ...(results ? { campaignResults: results } : {}) };
}

/** The records done in `campaign`, or all of them without one. */
export const doneIn = <T extends { campaignId?: number | null }>(records: readonly T[], campaign: number | undefined): readonly T[] =>
  campaign === undefined ? records : records.filter((record) => record.campaignId === campaign);
