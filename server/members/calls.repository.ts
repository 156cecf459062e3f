// Calls started from a member's phone link, for the call activity report.
import type { Kysely } from "kysely";
import type { Database } from "../db/database.ts";

/**
 * Records that the user started a call to the member; false when there is no such member. The
 * member's existence is checked by the insert itself (its foreign key), in one statement.
 */
export async function recordCallStart(db: Kysely<Database>, memberId: number, userId: number, startedAt: Date): Promise<boolean> {
  const row = await db
    .insertInto("call_starts")
    .columns(["member_id", "user_id", "started_at"])
    .expression((eb) => eb.selectFrom("members").select([eb.val(memberId).as("member_id"), eb.val(userId).as("user_id"), eb.val(startedAt).as("started_at")]).where("id", "=", memberId))
    .returning("member_id")
    .executeTakeFirst();
  return row !== undefined;
}
