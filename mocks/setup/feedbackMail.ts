// The e-mail a feedback becomes (DESIGN.md §3 "Mail and files": the server mails it to support,
// or keeps it in the outbox when no SMTP server is configured; the mock always keeps it there).
import type { components } from "../../src/api/schema";
import type { OutboxMessage } from "../db/records";
import { parseDataUrl } from "./dataUrl";

type FeedbackPayload = components["schemas"]["FeedbackPayload"];
type User = components["schemas"]["User"];

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

/** The attachment's file name: the dialog sends only the data URL, so it is named by its type. */
export function attachmentName(contentType: string): string {
  return `feedback-attachment.${EXTENSIONS[contentType] ?? "bin"}`;
}

/**
 * Who wrote, when, for which practice, and what. The account that sent it is named besides the
 * name and e-mail typed in the dialog, which the sender could have changed.
 */
export function feedbackMail(payload: FeedbackPayload, sender: User, receivedAt: Date): Omit<OutboxMessage, "id"> {
  const attachment = payload.file ? parseDataUrl(payload.file) : undefined;
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
    attachments: attachment
      ? [{ filename: attachmentName(attachment.contentType), contentType: attachment.contentType, content: attachment.base64 }]
      : [],
    sentAt: receivedAt.toISOString(),
  };
}
