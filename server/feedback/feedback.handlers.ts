// POST /report/sendFeedback: the feedback is kept in the database, then mailed to support (SMTP, or
// the outbox without one). A mail server that refuses it leaves the feedback stored and a "failed"
// outbox row, and the caller gets a 500: nothing claims it was sent when it was not. Everything
// that may refuse the call runs before anything is written: the attachment's type and content
// (domain/mail/attachmentRules.ts), the room in the outbox, and the user's recent feedback
// (domain/mail/feedbackLimit.ts), counted in the transaction that writes it.
import { invalidRequest, tooManyRequests } from "../../contract/errors.ts";
import { attachmentProblems } from "../../domain/mail/attachmentRules.ts";
import { tooMuchFeedback } from "../../domain/mail/feedbackLimit.ts";
import { feedbackAttachment, feedbackMail } from "../../domain/mail/feedbackMail.ts";
import { callerOf, type Handlers } from "../handlers.ts";
import { composeMail, deliverMail } from "../mail/mailer.ts";
import { recordFeedback } from "./feedback.repository.ts";

export const feedbackHandlers: Handlers = {
  async sendFeedback(call) {
    const { user } = callerOf(call);
    const { body, services } = call;
    const receivedAt = services.now();
    const problems = await attachmentProblems(body.file);
    if (problems.length > 0) throw invalidRequest(problems);
    const composed = await composeMail(services, feedbackMail(body, user, receivedAt));
    // The contract's pattern admits only base64 data URLs, and its maxLength bounds the file to 7 MiB.
    const attachment = feedbackAttachment(body.file);
    const { waitSeconds } = await recordFeedback(services.db, user.id, body, attachment, receivedAt);
    if (waitSeconds > 0) throw tooManyRequests(tooMuchFeedback(waitSeconds), waitSeconds);
    await deliverMail(services, composed);
    call.reply.code(202);
    // handlers.ts types 200 and 201 answers; this call's success is a 202.
    return { message: "Thank you, your feedback was sent" } as never;
  },
};
