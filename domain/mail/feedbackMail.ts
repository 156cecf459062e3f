// The e-mail a feedback becomes (docs/architecture.md, "Mail and files": the server mails it to support, or
// keeps it in the outbox when no SMTP server is configured; the fake backend always keeps it there).
import type { components } from "../../contract/schema";
import { parseDataUrl } from "./dataUrl.ts";
import type { Mail, MailAttachment } from "./mail.ts";

type FeedbackPayload = components["schemas"]["FeedbackPayload"];

export const SUPPORT_MAILBOX = "support@recalldesk.example";

const EXTENSIONS: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
  "application/pdf": "pdf",
  "text/plain": "txt",
  "text/csv": "csv",
};

/** The attached file (the contract's pattern admits only base64 data URLs), named by its type: the dialog sends no name. */
export function feedbackAttachment(file: string | undefined): MailAttachment | undefined {
  const decoded = file ? parseDataUrl(file) : undefined;
  if (!decoded) return undefined;
  const extension = EXTENSIONS[decoded.contentType] ?? "bin";
  return { filename: `feedback-attachment.${extension}`, contentType: decoded.contentType, content: decoded.base64, encoding: "base64" };
}

/** The account that sent the feedback. */
export interface FeedbackSender {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
}

/**
 * Who wrote, when, for which practice, and what. The account that sent it is named besides the
 * name and e-mail typed in the dialog, which the sender could have changed.
 */
export function feedbackMail(payload: FeedbackPayload, sender: FeedbackSender, receivedAt: Date): Mail {
  const attachment = feedbackAttachment(payload.file);
  const text = [
    `From: ${payload.firstName} ${payload.lastName} <${payload.email}>`,
    `Signed in as: ${sender.firstname} ${sender.lastname} <${sender.email}> (user ${sender.id})`,
    `Practice: ${payload.practice || "(none)"}`,
    `Sent: ${payload.dateTime} (sender's time), received ${receivedAt.toISOString()}`,
    `Subject: ${payload.subject}`,
    "",
    payload.message,
  ].join("\n");
  return {
    to: SUPPORT_MAILBOX,
    subject: `Recall Desk feedback: ${payload.subject.trim()}`,
    text,
    attachments: attachment ? [attachment] : [],
  };
}
