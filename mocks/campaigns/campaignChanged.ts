// A campaign as the fake backend answers it, and the `campaign` event of its change, sent to each
// open stream whose user may read it (domain/team/events.ts campaignEventFor), as the server does.
import type { components } from "../../contract/schema";
import { campaignEventFor } from "../../domain/team/events.ts";
import type { MockDb } from "../db/createMockDb";
import type { CampaignRecord } from "../db/records";

export const answerOf = ({ changedBy: _by, ...campaign }: CampaignRecord): components["schemas"]["Campaign"] => ({
  ...campaign,
  agents: [...campaign.agents].sort((a, b) => a - b),
});

/** Sends the campaign's change to the streams of administrators, its agents, and `agentsBefore` who left it. */
export function campaignChanged(db: MockDb, campaign: CampaignRecord, agentsBefore: readonly number[] = []): void {
  const answer = answerOf(campaign);
  db.events.publishEach((reader) => campaignEventFor(reader, answer, agentsBefore));
}
