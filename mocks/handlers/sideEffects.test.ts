// What calls leave in the fake database that no call of the contract reads back: the outbox, the
// download audit and the report-action log. (Everything a call reads back is in tests/contract.)
import { getResponse } from "msw";
import { describe, expect, it } from "vitest";
import { createMockDb } from "../db/createMockDb";
import { openSession } from "../db/sessions";
import { SUPPORT_MAILBOX } from "../../domain/mail/feedbackMail.ts";
import { createHandlers } from ".";

function backend() {
  const db = createMockDb({ size: 20 });
  const handlers = createHandlers(db);
  const user = db.users.find((candidate) => !candidate.isAdmin)!;
  const { token } = openSession(db.sessions, user);
  const call = (method: string, path: string, body?: unknown) =>
    getResponse(
      handlers,
      new Request(`http://localhost/api${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  return { db, user, call };
}

describe("side effects of the mock's calls", () => {
  it("puts feedback in the outbox for support, with its attachment decoded from the data URL", async () => {
    const { db, user, call } = backend();
    const response = await call("POST", "/report/sendFeedback", {
      subject: "Broken link",
      message: "The PDF does not open.",
      firstName: user.firstname,
      lastName: user.lastname,
      email: user.email,
      practice: "SM-HOUS",
      dateTime: "11/16/2026 09:00 AM",
      file: "data:text/plain;base64,aGVsbG8=",
    });

    expect(response?.status).toBe(202);
    expect(db.outbox).toHaveLength(1);
    expect(db.outbox[0]).toMatchObject({
      to: SUPPORT_MAILBOX,
      subject: "Recall Desk feedback: Broken link",
      attachments: [{ filename: "feedback-attachment.txt", contentType: "text/plain", content: "aGVsbG8=" }],
      sentAt: db.now().toISOString(),
    });
    expect(db.outbox[0]?.text).toContain(user.email);
  });

  it("audits each download link: who asked for which recording, under which name, when", async () => {
    const { db, user, call } = backend();
    const recording = db.recordings[0]!;
    const response = await call("GET", `/call-recordings/downloadCallRecording?key=${encodeURIComponent(recording.url)}&title=call.mp3`);

    expect(response?.status).toBe(200);
    expect(db.recordingDownloads).toEqual([
      expect.objectContaining({ recordingId: recording.id, title: "call.mp3", userId: user.id, issuedAt: db.now().toISOString() }),
    ]);
  });

  it("logs report actions with the user and time", async () => {
    const { db, user, call } = backend();
    await call("POST", "/report/saveUsage", { report: "members-status-report", action: "send-report" });

    expect(db.reportUses).toEqual([
      { id: 1, userId: user.id, report: "members-status-report", action: "send-report", at: db.now().toISOString() },
    ]);
  });
});
