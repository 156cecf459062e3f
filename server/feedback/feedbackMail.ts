// The e-mail a feedback becomes, as the mock words it (mocks/setup/feedbackMail.ts; the server
// shares no code with the mock), with the attachment decoded for the real mailer.
import type { components } from "../../src/api/schema.d.ts";
import type { UserRow } from "../auth/sessions.repository.ts";
import type { OutgoingMail } from "../mail/mailer.ts";

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

export interface FeedbackAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** `data:<type>[;name=value…];base64,<data>`, the contract's pattern of FeedbackPayload.file. */
const DATA_URL = /^data:([A-Za-z0-9.+-]+\/[A-Za-z0-9.+-]+)(?:;[A-Za-z0-9.+-]+=[A-Za-z0-9.+-]+)*;base64,([A-Za-z0-9+/]*={0,2})$/;

/** The dialog sends only the data URL, so the file is named by its type. */
export function attachmentOf(file: string | undefined): FeedbackAttachment | undefined {
  const match = file ? DATA_URL.exec(file) : null;
  if (!match) return undefined;
  const contentType = match[1]!.toLowerCase();
  return {
    filename: `feedback-attachment.${EXTENSIONS[contentType] ?? "bin"}`,
    contentType,
    content: Buffer.from(match[2]!, "base64"),
  };
}

/**
 * Who wrote, when, for which practice, and what. The account that sent it is named besides the
 * name and e-mail typed in the dialog, which the sender could have changed.
 */
export function feedbackMail(payload: FeedbackPayload, sender: UserRow, receivedAt: Date, attachment?: FeedbackAttachment): OutgoingMail {
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
    ...(attachment ? { attachments: [attachment] } : {}),
  };
}
