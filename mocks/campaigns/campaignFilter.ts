// A campaign filter (members list, live board, contact data and call activity reports) names an
// existing campaign, else the request is 400 naming `campaign`; narrowed, a report keeps the work
// done in that campaign.
import { invalidRequest } from "../../contract/errors.ts";
import { FIGURE_WITHOUT_CAMPAIGN_DETAIL, UNKNOWN_AGENT_DETAIL, UNKNOWN_CAMPAIGN_DETAIL } from "../../domain/campaigns/campaignTargets.ts";
import { figureResults, type CampaignFigure } from "../../domain/campaigns/campaignProgress.ts";
import type { MockDb } from "../db/createMockDb";

export function checkCampaignFilter(db: Pick<MockDb, "campaigns">, campaign: number | undefined): void {
  if (campaign !== undefined && !db.campaigns.some((candidate) => candidate.id === campaign)) throw invalidRequest([{ field: "campaign", message: UNKNOWN_CAMPAIGN_DETAIL }]);
}

/**
 * The members list's `campaign`, `campaignFigure` and `campaignAgent` as its query takes them
 * (the server's campaignListFilter): 400 naming `campaign` for no campaign, naming the others
 * without one or for an agent who is no staff member; a figure other than called keeps the
 * members given its results in the campaign, an agent those of the agent's saves there.
 */
export function campaignListFilter(
  db: Pick<MockDb, "campaigns" | "users">,
  query: { campaign?: number; campaignFigure?: CampaignFigure; campaignAgent?: number },
): { campaign?: number; campaignResults?: readonly string[]; campaignAgent?: number } {
  if (query.campaign === undefined) {
    const alone = (["campaignFigure", "campaignAgent"] as const).filter((field) => query[field] !== undefined);
    if (alone.length > 0) throw invalidRequest(alone.map((field) => ({ field, message: FIGURE_WITHOUT_CAMPAIGN_DETAIL })));
    return {};
  }
  const campaign = db.campaigns.find((candidate) => candidate.id === query.campaign);
  const agentUnknown = query.campaignAgent !== undefined && !db.users.some((user) => user.id === query.campaignAgent);
  const unknown = [...(campaign ? [] : [{ field: "campaign", message: UNKNOWN_CAMPAIGN_DETAIL }]), ...(agentUnknown ? [{ field: "campaignAgent", message: UNKNOWN_AGENT_DETAIL }] : [])];
  if (unknown.length > 0) throw invalidRequest(unknown);
  const results = query.campaignFigure === undefined ? null : figureResults(query.campaignFigure, campaign!);
  return { campaign: query.campaign, ...(results ? { campaignResults: results } : {}), ...(query.campaignAgent !== undefined ? { campaignAgent: query.campaignAgent } : {}) };
}

/** The records done in `campaign`, or all of them without one. */
export const doneIn = <T extends { campaignId?: number | null }>(records: readonly T[], campaign: number | undefined): readonly T[] =>
  campaign === undefined ? records : records.filter((record) => record.campaignId === campaign);
