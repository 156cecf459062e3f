// The call activity summaries and the campaigns' progress count days of one time zone (migrations
// 0031, 0051, 0052): the server's REPORT_TIME_ZONE. An instance started with another one counts
// every day again, once.
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/database.ts";

/**
 * Makes the summary's days those of `timeZone`. The summary is locked first so that a save counted
 * meanwhile is either in the history counted again or added after, in the new time zone.
 */
export async function keepActivityInTimeZone(db: Kysely<Database>, timeZone: string): Promise<void> {
  if ((await activityTimeZone(db)) === timeZone) return;
  await db.transaction().execute(async (trx) => {
    await sql`LOCK TABLE user_day_activity, campaign_day_activity, campaign_progress_counts IN EXCLUSIVE MODE`.execute(trx);
    const changed = await trx.updateTable("activity_time_zone").set({ time_zone: timeZone }).where("time_zone", "<>", timeZone).executeTakeFirst();
    if (changed.numUpdatedRows === 0n) return;
    await sql`SELECT user_day_activity_count_again()`.execute(trx);
    await sql`SELECT campaign_day_activity_count_again()`.execute(trx);
    await sql`SELECT campaign_progress_count_again(NULL)`.execute(trx);
  });
}

/** The time zone whose days the summary counts. */
export async function activityTimeZone(db: Kysely<Database>): Promise<string> {
  return (await db.selectFrom("activity_time_zone").select("time_zone").executeTakeFirstOrThrow()).time_zone;
}
