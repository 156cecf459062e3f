// Outgoing mail (docs/architecture.md, Mail and files). Every message is built once as RFC 822 text and
// recorded in the outbox table: with SMTP_URL it is then sent through SMTP ("sent", or "failed"
// and the error thrown); without, it stays "queued" in the table and is kept as the file
// <time>-<id>.eml in the file store's area "outbox" (server/files/fileStore.ts), which every
// instance shares.
import nodemailer from "nodemailer";
import { HttpError } from "../../contract/errors.ts";
import type { Mail } from "../../domain/mail/mail.ts";
import type { Services } from "../services.ts";
import { fileStoreOf } from "../files/fileStoreOf.ts";
import { addToOutbox, setOutboxFile, unsentBytes } from "./outbox.repository.ts";

/** The message as an .eml file would hold it (nodemailer's buffer transport builds it, no network). */
async function rfc822(from: string, mail: Mail): Promise<string> {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const info = await builder.sendMail({ from, ...mail });
  return info.message.toString("utf8");
}

/** e.g. 20261122T123456Z: sorts by time and is a valid file name everywhere. */
const fileTime = (date: Date) => date.toISOString().replace(/[-:]|\.\d+/g, "");

async function sendBySmtp(smtpUrl: string, from: string, to: string, raw: string): Promise<void> {
  const transport = nodemailer.createTransport(smtpUrl);
  try {
    await transport.sendMail({ envelope: { from, to }, raw });
  } finally {
    transport.close();
  }
}

export const OUTBOX_FULL = "The outbox is full: messages wait there until the mail server takes them. Try again later.";

/** A message built and given room in the outbox, ready to go. */
export interface ComposedMail {
  mail: Mail;
  raw: string;
}

/**
 * Builds the message and makes sure the outbox has room for it (OUTBOX_MAX_MB): the messages not
 * sent yet (queued, or failed with SMTP) and this one stay within the bound, else 503 and nothing
 * is written. Called before the call writes anything of its own.
 */
/** What sending mail needs of the server's services (a job has no more). */
type MailServices = Pick<Services, "db" | "config">;

export async function composeMail(services: MailServices, mail: Mail): Promise<ComposedMail> {
  const raw = await rfc822(services.config.mailFrom, mail);
  if ((await unsentBytes(services.db)) + Buffer.byteLength(raw) > services.config.outboxMaxBytes) {
    throw new HttpError(503, OUTBOX_FULL, undefined, { "retry-after": "600" });
  }
  return { mail, raw };
}

export async function sendMail(services: MailServices, mail: Mail): Promise<void> {
  await deliverMail(services, await composeMail(services, mail));
}

/** Sends (SMTP) or queues (outbox) a composed message, recording it in the outbox table. */
export async function deliverMail(services: MailServices, { mail, raw }: ComposedMail): Promise<void> {
  const { db, config } = services;
  const { smtpUrl } = config;
  if (smtpUrl) {
    try {
      await sendBySmtp(smtpUrl, config.mailFrom, mail.to, raw);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await addToOutbox(db, { to: mail.to, subject: mail.subject, status: "failed", raw, error: message });
      throw new Error(`mail to ${mail.to} was not sent: ${message}`, { cause: error });
    }
    await addToOutbox(db, { to: mail.to, subject: mail.subject, status: "sent", raw });
    return;
  }
  // The row and its file together: a file that cannot be stored leaves no row behind (in the
  // bucket the file is written before the row commits; a failed commit may leave the file alone).
  await db.transaction().execute(async (trx) => {
    const row = await addToOutbox(trx, { to: mail.to, subject: mail.subject, status: "queued", raw });
    const file = `${fileTime(row.created_at)}-${row.id}.eml`;
    await fileStoreOf(config, trx).put("outbox", file, Buffer.from(raw, "utf8"), "message/rfc822");
    await setOutboxFile(trx, row.id, file);
  });
}
