// The feedback staff send (POST /report/sendFeedback), kept in the database whatever becomes of the
// mail that carries it. The user's limit (domain/mail/feedbackLimit.ts) is counted and the feedback
// written in one transaction under the user's lock, so feedback sent at once is counted one at a
// time: all of a burst of 20 were accepted against a limit of 5 before.
import type { Kysely } from "kysely";
import type { RequestBodyOf } from "../../contract/operations.ts";
import type { operations } from "../../contract/schema.d.ts";
import { feedbackWait, FEEDBACK_WINDOW_MS } from "../../domain/mail/feedbackLimit.ts";
import type { MailAttachment } from "../../domain/mail/mail.ts";
import type { Database } from "../db/database.ts";
import { lockForUser } from "../db/userLock.ts";

type Feedback = RequestBodyOf<operations["sendFeedback"]>;

/** Writes the feedback unless the user has sent their limit lately: then the seconds to wait, and nothing written. */
export async function recordFeedback(
  db: Kysely<Database>,
  userId: number,
  body: Feedback,
  attachment: MailAttachment | undefined,
  receivedAt: Date,
): Promise<{ waitSeconds: number }> {
  return db.transaction().execute(async (trx) => {
    await lockForUser(trx, "feedback", userId);
    const recent = await trx
      .selectFrom("feedback")
      .select("created_at")
      .where("user_id", "=", userId)
      .where("created_at", ">", new Date(receivedAt.getTime() - FEEDBACK_WINDOW_MS))
      .execute();
    const waitSeconds = feedbackWait(recent.map((row) => new Date(row.created_at).getTime()), receivedAt.getTime());
    if (waitSeconds > 0) return { waitSeconds };
    await trx
      .insertInto("feedback")
      .values({
        user_id: userId,
        subject: body.subject,
        message: body.message,
        first_name: body.firstName,
        last_name: body.lastName,
        email: body.email,
        practice: body.practice,
        sender_time: body.dateTime,
        attachment_name: attachment?.filename ?? null,
        attachment_type: attachment?.contentType ?? null,
        attachment: attachment ? Buffer.from(attachment.content, "base64") : null,
        created_at: receivedAt,
      })
      .execute();
    return { waitSeconds: 0 };
  });
}
