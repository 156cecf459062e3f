// Calls started from a member's phone link, for the call activity report.
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/database.ts";

/**
 * Records that the user started a call to the member, for the campaign of their live claim on it
 * (a Next served it for one); undefined when there is no such member. The member's existence is
 * checked by the insert itself, in one statement.
 */
export async function recordCallStart(db: Kysely<Database>, memberId: number, userId: number, startedAt: Date, claimsNow: Date): Promise<{ campaignId: number | null } | undefined> {
  const row = await db
    .insertInto("call_starts")
    .columns(["member_id", "user_id", "started_at", "campaign_id"])
    .expression((eb) =>
      eb
        .selectFrom("members")
        .select([
          eb.val(memberId).as("member_id"),
          eb.val(userId).as("user_id"),
          eb.val(startedAt).as("started_at"),
          sql<number | null>`(select c.campaign_id from member_claims c where c.member_id = ${memberId} and c.user_id = ${userId} and c.expires_at > ${claimsNow})`.as("campaign_id"),
        ])
        .where("id", "=", memberId),
    )
    .returning("campaign_id")
    .executeTakeFirst();
  return row && { campaignId: row.campaign_id };
}
