// The kept counts of campaigns' targets (migration 0047): read with the progress, written after
// each count, forgotten when a campaign's targets change so that the next read counts them again.
import type { Kysely } from "kysely";
import type { Database } from "../db/database.ts";

export interface TargetCountsRow {
  campaign_id: number;
  targeted: number;
  eligible_now: number;
  counted_at: Date;
}

export async function keptTargetCounts(db: Kysely<Database>, campaignIds: readonly number[]): Promise<TargetCountsRow[]> {
  if (campaignIds.length === 0) return [];
  return db.selectFrom("campaign_target_counts").selectAll().where("campaign_id", "in", [...campaignIds]).execute();
}

export async function keepTargetCounts(db: Kysely<Database>, campaignId: number, counts: { targeted: number; eligibleNow: number }, countedAt: Date): Promise<void> {
  const values = { targeted: counts.targeted, eligible_now: counts.eligibleNow, counted_at: countedAt };
  await db
    .insertInto("campaign_target_counts")
    .values({ campaign_id: campaignId, ...values })
    .onConflict((conflict) => conflict.column("campaign_id").doUpdateSet(values))
    .execute();
}

export async function forgetTargetCounts(db: Kysely<Database>, campaignId: number): Promise<void> {
  await db.deleteFrom("campaign_target_counts").where("campaign_id", "=", campaignId).execute();
}
