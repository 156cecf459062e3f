// @vitest-environment node
// Mail leaves the server in one of two ways (docs/architecture.md, Mail and files): through a real SMTP
// server (here an in-process smtp-server) or, without SMTP_URL, into the outbox table and an .eml
// in the file store. Feedback with a binary attachment is followed all the way to the bytes that arrive.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { issueDevIdToken } from "../../domain/signInTokens.ts";
import { loadConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/connection.ts";
import { databaseFileStore } from "../files/storedFiles.repository.ts";
import { freshTestDatabase } from "../../tests/support/testDatabase.ts";

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** An SMTP server in this process that keeps what it receives, or refuses every recipient. */
async function startSmtpServer(refuse = false) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      callback(refuse ? Object.assign(new Error("mailbox unavailable"), { responseCode: 550 }) : undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        received.push({ from, to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The decoded body of the MIME part that carries `filename` (base64, as nodemailer encodes files). */
function attachmentBytes(raw: string, filename: string): Buffer {
  const part = raw.split(/\r?\n--/).find((candidate) => candidate.includes(`filename=${filename}`));
  if (!part) throw new Error(`no part named ${filename} in the message`);
  const body = part.slice(part.search(/\r?\n\r?\n/));
  return Buffer.from(body.replace(/\s+/g, ""), "base64");
}

/** Every byte value, so that any re-encoding along the way would show. */
// A real PNG (the sniffing of domain/mail/attachmentRules.ts wants one) followed by every byte value.
const PNG_1X1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
const BINARY = Buffer.concat([Buffer.from(PNG_1X1, "base64"), Buffer.from(Array.from({ length: 512 }, (_, index) => (index * 7) % 256))]);

const feedback = {
  subject: "Filter resets",
  message: "The practice filter resets after saving a result.",
  firstName: "Marcus",
  lastName: "Reed",
  email: "marcus@elsewhere.example",
  practice: "SM-HOUS",
  dateTime: "11/16/2026 09:00 AM",
  file: `data:image/png;base64,${BINARY.toString("base64")}`,
};

/** Each test builds an app (compiling the contract's schemas), slow on a busy machine. */
const APP_TIMEOUT = { timeout: 60_000 };

let database: DatabaseHandle;
let userId: number;

beforeAll(async () => {
  database = await freshTestDatabase();
  const user = await database.db
    .insertInto("users")
    .values({ email: "marcus.reed@recalldesk.example", firstname: "Marcus", lastname: "Reed", default_page: "/members/all", password_hash: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  userId = user.id;
}, 60_000);
afterAll(async () => {
  await database?.close();
});

/** The app on the shared database with this configuration, and a signed-in session of Marcus. */
async function appWith(env: NodeJS.ProcessEnv) {
  const app = await buildApp({ config: loadConfig(env), database });
  const credential = await issueDevIdToken("marcus.reed@recalldesk.example");
  const session = await app.inject({ method: "POST", url: "/api/sessions?jwt=1", payload: { credential } });
  expect(session.statusCode).toBe(200);
  const token = session.json().accessToken as string;
  const sendFeedback = () =>
    app.inject({ method: "POST", url: "/api/report/sendFeedback", headers: { authorization: `Bearer ${token}` }, payload: feedback });
  return { app, sendFeedback };
}

const outboxRows = () => database.db.selectFrom("outbox").selectAll().orderBy("id").execute();

describe("feedback through SMTP (SMTP_URL set)", () => {
  it("delivers the message to support with the attachment byte for byte, and records it sent", APP_TIMEOUT, async () => {
    const smtp = await startSmtpServer();
    const { app, sendFeedback } = await appWith({ SMTP_URL: smtp.url, MAIL_FROM: "desk@recalldesk.example" });
    try {
      const before = (await outboxRows()).length;
      const answer = await sendFeedback();
      expect(answer.statusCode).toBe(202);

      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail!.from).toBe("desk@recalldesk.example");
      expect(mail!.to).toEqual(["support@recalldesk.example"]);
      expect(mail!.raw).toContain("Subject: Recall Desk feedback: Filter resets");
      expect(mail!.raw).toContain("Signed in as: Marcus Reed <marcus.reed@recalldesk.example> (user");
      expect(attachmentBytes(mail!.raw, "feedback-attachment.png").equals(BINARY)).toBe(true);

      const rows = (await outboxRows()).slice(before);
      expect(rows).toMatchObject([{ to_address: "support@recalldesk.example", subject: "Recall Desk feedback: Filter resets", status: "sent", file: null }]);
      // What was recorded is what went out (SMTP carries the lines with CRLF).
      const lines = (text: string) => text.replace(/\r\n/g, "\n").trimEnd();
      expect(lines(rows[0]!.raw)).toBe(lines(mail!.raw));

      const stored = await database.db.selectFrom("feedback").selectAll().where("user_id", "=", userId).orderBy("id", "desc").executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ subject: "Filter resets", attachment_name: "feedback-attachment.png", attachment_type: "image/png", sender_time: "11/16/2026 09:00 AM" });
      expect(Buffer.from(stored.attachment!).equals(BINARY)).toBe(true);
    } finally {
      await app.close();
      await smtp.close();
    }
  });

  it("keeps the feedback and a failed outbox row when the mail server refuses it, and says so (500)", APP_TIMEOUT, async () => {
    const smtp = await startSmtpServer(true);
    const { app, sendFeedback } = await appWith({ SMTP_URL: smtp.url });
    try {
      const feedbackBefore = (await database.db.selectFrom("feedback").select("id").execute()).length;
      const before = (await outboxRows()).length;
      const answer = await sendFeedback();
      expect(answer.statusCode).toBe(500);
      const rows = (await outboxRows()).slice(before);
      expect(rows).toMatchObject([{ status: "failed", to_address: "support@recalldesk.example" }]);
      expect(rows[0]!.error).toContain("mailbox unavailable");
      expect(await database.db.selectFrom("feedback").select("id").execute()).toHaveLength(feedbackBefore + 1);
      expect(smtp.received).toEqual([]);
    } finally {
      await app.close();
      await smtp.close();
    }
  });
});

describe("the outbox (no SMTP_URL)", () => {
  it("keeps feedback as a queued row and the stored file <time>-<id>.eml holding the same message", APP_TIMEOUT, async () => {
    const { app, sendFeedback } = await appWith({ DATA_DIR: "memory://" });
    try {
      const before = (await outboxRows()).length;
      expect((await sendFeedback()).statusCode).toBe(202);
      const [row, ...more] = (await outboxRows()).slice(before);
      expect(more).toEqual([]);
      expect(row).toMatchObject({ status: "queued", to_address: "support@recalldesk.example", subject: "Recall Desk feedback: Filter resets" });
      expect(row!.file).toMatch(new RegExp(`^\\d{8}T\\d{6}Z-${row!.id}\\.eml$`));
      const stored = await databaseFileStore(database.db).read("outbox", row!.file!);
      expect(stored?.contentType).toBe("message/rfc822");
      const eml = stored!.content.toString("utf8");
      expect(eml).toBe(row!.raw);
      expect(eml).toContain("To: support@recalldesk.example");
      expect(attachmentBytes(eml, "feedback-attachment.png").equals(BINARY)).toBe(true);
    } finally {
      await app.close();
    }
  });
});

describe("the outbox's bound (OUTBOX_MAX_MB)", () => {
  it("answers 503 and keeps nothing when unsent mail would pass the bound; sent mail does not count", APP_TIMEOUT, async () => {
    const { app, sendFeedback } = await appWith({ DATA_DIR: "memory://", OUTBOX_MAX_MB: "1" });
    try {
      const filler = await database.db
        .insertInto("outbox")
        .values({ to_address: "x@recalldesk.example", subject: "waiting", status: "queued", raw: "x".repeat(999_000), file: null, error: null })
        .returning("id")
        .executeTakeFirstOrThrow();
      const count = async (table: "outbox" | "feedback") => (await database.db.selectFrom(table).select("id").execute()).length;
      const before = { outbox: await count("outbox"), feedback: await count("feedback") };
      const full = await sendFeedback();
      expect(full.statusCode).toBe(503);
      expect(full.headers["retry-after"]).toBe("600");
      expect(full.json().message).toMatch(/^The outbox is full/);
      expect({ outbox: await count("outbox"), feedback: await count("feedback") }).toEqual(before);

      await database.db.updateTable("outbox").set({ status: "sent" }).where("id", "=", filler.id).execute();
      expect((await sendFeedback()).statusCode).toBe(202);
    } finally {
      await app.close();
    }
  });
});
