// A message as both backends record it: the server hands it to nodemailer (SMTP or the outbox
// table), the fake backend keeps it in its outbox. Binary attachments travel as base64 text, which
// nodemailer decodes (`encoding: "base64"`) and which the fake backend can keep as JSON.

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
  /** Set when `content` is base64 of the file's bytes; absent for text. */
  encoding?: "base64";
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments: MailAttachment[];
}
