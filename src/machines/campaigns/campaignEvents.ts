// A list of campaigns kept live by the stream's `campaign` events (openapi.yaml openEventStream):
// the Campaigns page, the agent's campaign panel and the live board's campaign filter each keep one,
// in the supervisor's order, so a pause or an agent's new assignment shows without a reload.
import type { components } from "../../../contract/schema";

type Schemas = components["schemas"];

/**
 * The campaigns after an event: the campaign replaced (or added) in the supervisor's order
 * (`position`, then `id`), or taken out when the reader may no longer read it (null) or `pick`
 * leaves it out (an administrator's panel keeps only the campaigns they are assigned to).
 */
export function withCampaignEvent<T extends { id: number; position: number }>(
  campaigns: readonly T[],
  event: Schemas["CampaignEvent"],
  pick: (campaign: Schemas["Campaign"]) => T | null,
): T[] {
  const others = campaigns.filter((campaign) => campaign.id !== event.id);
  const changed = event.campaign && pick(event.campaign);
  if (!changed) return others;
  return [...others, changed].sort((a, b) => a.position - b.position || a.id - b.id);
}
