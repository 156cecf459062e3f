// A campaign filter (members list, live board, contact data and call activity reports) names an
// existing campaign, else the request is 400 naming `campaign`; narrowed, a report keeps the work
// done in that campaign.
import { invalidRequest } from "../../contract/errors.ts";
import { UNKNOWN_CAMPAIGN_DETAIL } from "../../domain/campaigns/campaignTargets.ts";
import type { MockDb } from "../db/createMockDb";

export function checkCampaignFilter(db: Pick<MockDb, "campaigns">, campaign: number | undefined): void {
  if (campaign !== undefined && !db.campaigns.some((candidate) => candidate.id === campaign)) throw invalidRequest([{ field: "campaign", message: UNKNOWN_CAMPAIGN_DETAIL }]);
}

/** The records done in `campaign`, or all of them without one. */
export const doneIn = <T extends { campaignId?: number | null }>(records: readonly T[], campaign: number | undefined): readonly T[] =>
  campaign === undefined ? records : records.filter((record) => record.campaignId === campaign);
