// The feedback staff send (POST /report/sendFeedback), kept in the database whatever becomes of the
// mail that carries it.
import type { Kysely } from "kysely";
import type { RequestBodyOf } from "../../contract/operations.ts";
import type { operations } from "../../contract/schema.d.ts";
import type { MailAttachment } from "../../domain/mail/mail.ts";
import type { Database } from "../db/database.ts";

type Feedback = RequestBodyOf<operations["sendFeedback"]>;

/** When the user sent feedback after `since` (domain/mail/feedbackLimit.ts counts them). */
export async function feedbackSentSince(db: Kysely<Database>, userId: number, since: Date): Promise<Date[]> {
  const recent = await db
    .selectFrom("feedback")
    .select("created_at")
    .where("user_id", "=", userId)
    .where("created_at", ">", since)
    .execute();
  return recent.map((row) => new Date(row.created_at));
}

export async function storeFeedback(
  db: Kysely<Database>,
  userId: number,
  body: Feedback,
  attachment: MailAttachment | undefined,
  receivedAt: Date,
): Promise<void> {
  await db
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
}
