// POST /report/sendFeedback: the feedback is kept in the database, then mailed to support (SMTP, or
// the outbox without one). A mail server that refuses it leaves the feedback stored and a "failed"
// outbox row, and the caller gets a 500: nothing claims it was sent when it was not.
import { feedbackAttachment, feedbackMail } from "../../domain/mail/feedbackMail.ts";
import { callerOf, type Handlers } from "../handlers.ts";
import { sendMail } from "../mail/mailer.ts";

export const feedbackHandlers: Handlers = {
  async sendFeedback(call) {
    const { user } = callerOf(call);
    const { body, services } = call;
    const receivedAt = services.now();
    // The contract's pattern admits only base64 data URLs, and its maxLength bounds the file to 7 MiB.
    const attachment = feedbackAttachment(body.file);
    await services.db
      .insertInto("feedback")
      .values({
        user_id: user.id,
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
    await sendMail(services, feedbackMail(body, user, receivedAt));
    call.reply.code(202);
    // handlers.ts types 200 and 201 answers; this call's success is a 202.
    return { message: "Thank you, your feedback was sent" } as never;
  },
};
