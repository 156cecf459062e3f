// @vitest-environment node
// The jobs that need an integration: without its setting a run is skipped and says which setting,
// never a success; with it, the reminders reach a real HTTP service on loopback and the members
// status report a real SMTP server in this process (smtp-server), as feedback does. On PGlite, and
// on PostgreSQL 15 when DATABASE_URL_TEST is set.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "kysely";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../config.ts";
import { openFixture, type Fixture } from "../../tests/support/importFixture.ts";
import { insertMembers } from "../../tests/support/insertMembers.ts";
import { executeJob, type JobRunner } from "./runner.ts";
import { exportReminders } from "./reminders.ts";
import { sendStatusReport } from "./statusReport.ts";

vi.setConfig({ testTimeout: 60_000 });

const REMINDERS_JOB = 6;
const REPORT_JOB = 7;
// Friday 2026-11-20, 17:00 in Chicago: the next working day is Monday the 23rd.
const FRIDAY = () => new Date("2026-11-20T23:00:00Z");

let fixture: Fixture;
beforeAll(async () => {
  fixture = await openFixture();
}, 60_000);
afterAll(() => fixture.close());
beforeEach(async () => {
  const { db } = fixture.database;
  await sql`delete from job_runs`.execute(db);
  await sql`delete from members`.execute(db);
  await sql`delete from audit_log`.execute(db);
  const member = (subscriberId: string, phone: string, nextApt: string) => ({
    company: "denta",
    subscriber_id: subscriberId,
    pat_num: "",
    mco: "DentaQuest Medicaid",
    first_name: `First${subscriberId}`,
    middle_name: "",
    last_name: `Last${subscriberId}`,
    practice_id: 1,
    address1: "",
    city: "",
    state: "TX",
    phone,
    date_of_birth: "2015-01-01",
    days_extracted: 0,
    status: "Recare Future Appointment",
    next_apt: nextApt,
    entry_time: "2026-11-01T00:00:00Z",
  });
  await insertMembers(db, [
      member("1", "(713) 555-0101", "2026-11-23T06:00:00Z"), // Monday 00:00 in Chicago
      member("2", "(713) 555-0102", "2026-11-24T05:59:00Z"), // Monday 23:59 in Chicago
      member("3", "(713) 555-0103", "2026-11-23T05:59:00Z"), // Sunday 23:59 in Chicago
      member("4", "(713) 555-0104", "2026-11-24T06:00:00Z"), // Tuesday
      member("5", "", "2026-11-23T16:00:00Z"), // Monday, no phone
  ]);
});

const run = (jobId: number, runner: JobRunner, env: NodeJS.ProcessEnv = {}) =>
  executeJob({ db: fixture.database.db, config: loadConfig({ NODE_ENV: "test", DATA_DIR: "memory://", ...env }) }, jobId, {
    trigger: "schedule",
    runner,
    now: FRIDAY,
  });

const loggedRun = (jobId: number) =>
  fixture.database.db.selectFrom("job_runs").select(["status", "message"]).where("job_id", "=", jobId).executeTakeFirstOrThrow();

interface Posted {
  day: string;
  timeZone: string;
  appointments: { memberId: number; firstName: string; phone: string; practice: string; at: string }[];
}

/** A reminder service on loopback that keeps what it receives and answers `status`. */
async function startReminderService(status = 202) {
  const received: { authorization: string | undefined; body: Posted }[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    let text = "";
    request.on("data", (chunk) => (text += chunk));
    request.on("end", () => {
      received.push({ authorization: request.headers.authorization, body: JSON.parse(text) });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/reminders`, received, close: () => new Promise<void>((done) => server.close(() => done())) };
}

describe("Export appointment reminders", () => {
  it("without REMINDERS_URL is skipped, saying which setting it needs, and logged so", async () => {
    const result = await run(REMINDERS_JOB, exportReminders);
    const message = "Skipped: no reminder service is configured (REMINDERS_URL); no reminders were sent";
    expect(result).toMatchObject({ ran: true, outcome: { status: "skipped", message } });
    expect(await loggedRun(REMINDERS_JOB)).toEqual({ status: "skipped", message });
  });

  it("posts the next working day's appointments in the practice group's time zone to the service, with its token, and audits it", async () => {
    const service = await startReminderService();
    try {
      const result = await run(REMINDERS_JOB, exportReminders, { REMINDERS_URL: service.url, REMINDERS_TOKEN: "reminder-token" });
      expect(result).toMatchObject({
        outcome: { status: "success", message: "Sent 2 appointments on 2026-11-23 to the reminder service (1 without a phone number left out)" },
      });
      expect(service.received).toHaveLength(1);
      const [{ authorization, body }] = service.received as [{ authorization: string; body: Posted }];
      expect(authorization).toBe("Bearer reminder-token");
      expect(body.day).toBe("2026-11-23");
      expect(body.timeZone).toBe("America/Chicago");
      expect(body.appointments.map((a) => [a.firstName, a.phone, a.practice, a.at])).toEqual([
        ["First1", "(713) 555-0101", "SM-HOUS", "2026-11-23T06:00:00.000Z"],
        ["First2", "(713) 555-0102", "SM-HOUS", "2026-11-24T05:59:00.000Z"],
      ]);
      const audited = await fixture.database.db.selectFrom("audit_log").select(["action", "member_ids", "address"]).executeTakeFirstOrThrow();
      expect(audited).toMatchObject({ action: "exportReminders 2026-11-23", address: new URL(service.url).origin });
      expect(audited.member_ids).toEqual(body.appointments.map((a) => a.memberId));
    } finally {
      await service.close();
    }
  });

  it("fails, saying so, when the service refuses them", async () => {
    const service = await startReminderService(503);
    try {
      const result = await run(REMINDERS_JOB, exportReminders, { REMINDERS_URL: service.url });
      expect(result).toMatchObject({ outcome: { status: "failure", message: "Failed: the reminder service answered 503 Service Unavailable; no reminders were sent for 2026-11-23" } });
    } finally {
      await service.close();
    }
  });
});

/** An SMTP server in this process that keeps the messages it receives. */
async function startSmtpServer() {
  const received: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((done) => server.close(() => done())) };
}

describe("Send members status report", () => {
  it("without STATUS_REPORT_TO is skipped, saying which setting it needs", async () => {
    const result = await run(REPORT_JOB, sendStatusReport);
    expect(result).toMatchObject({ outcome: { status: "skipped", message: "Skipped: no recipients are configured (STATUS_REPORT_TO); nothing was sent" } });
  });

  it("mails every practice's report to the managers through the mail server, as feedback goes", async () => {
    const smtp = await startSmtpServer();
    try {
      const managers = "north@practice.example, south@practice.example";
      const result = await run(REPORT_JOB, sendStatusReport, { STATUS_REPORT_TO: managers, SMTP_URL: smtp.url });
      expect(result).toMatchObject({ outcome: { status: "success", message: `Sent: the members status report of 1 practice to ${managers}` } });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.to).toEqual(["north@practice.example", "south@practice.example"]);
      expect(smtp.received[0]!.raw).toContain("Subject: Members Status Report (1 practices)");
      expect(smtp.received[0]!.raw).toContain("SM-HOUS");
      const outbox = await fixture.database.db.selectFrom("outbox").select(["status", "subject"]).execute();
      expect(outbox).toContainEqual({ status: "sent", subject: "Members Status Report (1 practices)" });
    } finally {
      await smtp.close();
    }
  });
});
