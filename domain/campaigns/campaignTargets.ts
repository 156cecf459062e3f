// What the campaign editor tells an administrator about a campaign's targets, the same on both
// backends: filters that match nobody are allowed (the campaign is kept, and may match members
// after the next import), but said plainly beside the count.
import type { components } from "../../contract/schema";

export const NO_TARGETS_WARNING = "These filters match no member: the campaign would serve nobody.";

/** What a 400 says of a members list's `campaign` that names no campaign. */
export const UNKNOWN_CAMPAIGN_DETAIL = "is not a campaign";

/** What a 400 says of a members list's `campaignFigure` or `campaignAgent` sent without `campaign`. */
export const FIGURE_WITHOUT_CAMPAIGN_DETAIL = "needs a campaign";

/** What a 400 says of a members list's `campaignAgent` that names no staff member. */
export const UNKNOWN_AGENT_DETAIL = "is not a staff member";

/** The answer of `countCampaignTargets` for `count` members. */
export const targetsCountOf = (count: number): components["schemas"]["CampaignTargetsCount"] => ({
  count,
  warning: count === 0 ? NO_TARGETS_WARNING : null,
});
