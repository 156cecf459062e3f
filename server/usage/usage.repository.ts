// What staff use: report actions and page visits, recorded for the usage report.
import type { Kysely } from "kysely";
import type { Database } from "../db/database.ts";

export async function recordReportUse(db: Kysely<Database>, userId: number, use: { report: string; action: string }, usedAt: Date): Promise<void> {
  await db.insertInto("report_uses").values({ user_id: userId, report: use.report, action: use.action, used_at: usedAt }).execute();
}

export interface PageVisit {
  defaultPracticeId: string;
  visitedUrl: string;
  /** The client's navigation id. */
  token: string;
}

/**
 * Records the visit unless the user's navigation id is recorded already (an idempotency key: a
 * retried post is counted once); whether it was added.
 */
export async function recordPageVisit(db: Kysely<Database>, userId: number, visit: PageVisit, accessedAt: Date): Promise<boolean> {
  const added = await db
    .insertInto("page_visits")
    .values({
      user_id: userId,
      default_practice_id: visit.defaultPracticeId,
      visited_url: visit.visitedUrl,
      token: visit.token,
      accessed_at: accessedAt,
    })
    .onConflict((conflict) => conflict.columns(["user_id", "token"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return added !== undefined;
}
