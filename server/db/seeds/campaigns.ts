// The demo world's campaigns (demo/campaigns.ts) with their agents, set up by its administrator;
// before the call history, whose week of saves and call starts carries them.
import type { Kysely } from "kysely";
import type { DemoWorld } from "../../../demo/world.ts";
import { resetIdentity } from "../bulkWrite.ts";
import type { Database } from "../database.ts";

export async function seedCampaigns(trx: Kysely<Database>, world: DemoWorld): Promise<void> {
  if (world.campaigns.length === 0) return;
  const administrator = world.users.find((user) => user.isAdmin)?.id ?? null;
  await trx
    .insertInto("campaigns")
    .values(
      world.campaigns.map((campaign) => ({
        id: campaign.id,
        name: campaign.name,
        description: campaign.description,
        script: campaign.script,
        targets: JSON.stringify(campaign.targets),
        starts_on: campaign.startsOn,
        ends_on: campaign.endsOn,
        hours_from: null,
        hours_to: null,
        goal_result: campaign.goalResult,
        goal_count: campaign.goalCount,
        goal_by: campaign.goalBy,
        attempt_cap: campaign.attemptCap,
        cooldown_no_answer_hours: campaign.cooldownHours.noAnswer,
        cooldown_left_message_hours: campaign.cooldownHours.leftMessage,
        position: campaign.position,
        state: campaign.state,
        version: campaign.version,
        changed_by: administrator,
      })),
    )
    .execute();
  await trx
    .insertInto("campaign_agents")
    .values(world.campaigns.flatMap((campaign) => campaign.agents.map((userId) => ({ campaign_id: campaign.id, user_id: userId }))))
    .execute();
  await resetIdentity(trx, "campaigns");
}
