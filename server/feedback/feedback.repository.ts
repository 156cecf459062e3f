// Feedback rows (tag setup, sendFeedback). The user's limit (domain/mail/feedbackLimit.ts) is
// counted and the feedback written in one transaction under the user's lock, so feedback sent at
// once is counted one at a time: all of a burst of 20 were accepted against a limit of 5 before.
import type { Insertable, Kysely } from "kysely";
import { feedbackWait, FEEDBACK_WINDOW_MS } from "../../domain/mail/feedbackLimit.ts";
import type { Database, FeedbackTable } from "../db/database.ts";
import { lockForUser } from "../db/userLock.ts";

/** Writes the feedback unless the user has sent their limit lately: then the seconds to wait, and nothing written. */
export async function recordFeedback(db: Kysely<Database>, feedback: Insertable<FeedbackTable> & { created_at: Date }): Promise<{ waitSeconds: number }> {
  const receivedAt = feedback.created_at.getTime();
  return db.transaction().execute(async (trx) => {
    await lockForUser(trx, "feedback", feedback.user_id);
    const recent = await trx
      .selectFrom("feedback")
      .select("created_at")
      .where("user_id", "=", feedback.user_id)
      .where("created_at", ">", new Date(receivedAt - FEEDBACK_WINDOW_MS))
      .execute();
    const waitSeconds = feedbackWait(recent.map((row) => new Date(row.created_at).getTime()), receivedAt);
    if (waitSeconds === 0) await trx.insertInto("feedback").values(feedback).execute();
    return { waitSeconds };
  });
}
