// POST /report/sendFeedback: the feedback is kept in the database, then mailed to support (SMTP, or
// the outbox without one). A mail server that refuses it leaves the feedback stored and a "failed"
// outbox row, and the caller gets a 500: nothing claims it was sent when it was not. Everything
// that may refuse the call runs before anything is written: the attachment's type and content
// (domain/mail/attachmentRules.ts), the user's recent feedback (domain/mail/feedbackLimit.ts) and
// the room in the outbox.
import { invalidRequest, tooManyRequests } from "../../contract/errors.ts";
import { attachmentProblems } from "../../domain/mail/attachmentRules.ts";
import { feedbackWait, FEEDBACK_WINDOW_MS, tooMuchFeedback } from "../../domain/mail/feedbackLimit.ts";
import { feedbackAttachment, feedbackMail } from "../../domain/mail/feedbackMail.ts";
import { callerOf, type Handlers } from "../handlers.ts";
import { composeMail, deliverMail } from "../mail/mailer.ts";
import { feedbackSentSince, storeFeedback } from "./feedback.repository.ts";

export const feedbackHandlers: Handlers = {
  async sendFeedback(call) {
    const { user } = callerOf(call);
    const { body, services } = call;
    const receivedAt = services.now();
    const problems = await attachmentProblems(body.file);
    if (problems.length > 0) throw invalidRequest(problems);
    const recent = await feedbackSentSince(services.db, user.id, new Date(receivedAt.getTime() - FEEDBACK_WINDOW_MS));
    const wait = feedbackWait(recent.map((sentAt) => sentAt.getTime()), receivedAt.getTime());
    if (wait > 0) throw tooManyRequests(tooMuchFeedback(wait), wait);
    const composed = await composeMail(services, feedbackMail(body, user, receivedAt));
    // The contract's pattern admits only base64 data URLs, and its maxLength bounds the file to 7 MiB.
    const attachment = feedbackAttachment(body.file);
    await storeFeedback(services.db, user.id, body, attachment, receivedAt);
    await deliverMail(services, composed);
    call.reply.code(202);
    // handlers.ts types 200 and 201 answers; this call's success is a 202.
    return { message: "Thank you, your feedback was sent" } as never;
  },
};
