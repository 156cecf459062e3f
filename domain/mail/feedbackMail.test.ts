import { describe, expect, it } from "vitest";
import { feedbackMail, SUPPORT_MAILBOX } from "./feedbackMail.ts";

const sender = {
  id: 2,
  firstname: "Marcus",
  lastname: "Reed",
  email: "marcus.reed@recalldesk.example",
};
const payload = {
  subject: "  Filter resets ",
  message: "The practice filter resets after saving a result.",
  firstName: "Marcus",
  lastName: "Reed",
  email: "marcus@elsewhere.example",
  practice: "SM-HOUS",
  dateTime: "11/16/2026 09:00 AM",
};
const receivedAt = new Date("2026-11-16T15:00:00Z");

describe("feedbackMail", () => {
  it("goes to the support mailbox with the subject, who sent it, when, the practice and the message", () => {
    const mail = feedbackMail(payload, sender, receivedAt);

    expect(mail.to).toBe(SUPPORT_MAILBOX);
    expect(mail.subject).toBe("Recall Desk feedback: Filter resets");
    expect(mail.text).toContain("From: Marcus Reed <marcus@elsewhere.example>");
    expect(mail.text).toContain("Signed in as: Marcus Reed <marcus.reed@recalldesk.example> (user 2)");
    expect(mail.text).toContain("Practice: SM-HOUS");
    expect(mail.text).toContain("11/16/2026 09:00 AM");
    expect(mail.text).toContain("2026-11-16T15:00:00.000Z");
    expect(mail.text.endsWith("The practice filter resets after saving a result.")).toBe(true);
    expect(mail.attachments).toEqual([]);
  });

  it("attaches the file of the data URL, named by its type", () => {
    const mail = feedbackMail({ ...payload, file: "data:image/png;base64,iVBORw0KGgo=" }, sender, receivedAt);

    expect(mail.attachments).toEqual([{ filename: "feedback-attachment.png", contentType: "image/png", content: "iVBORw0KGgo=", encoding: "base64" }]);
  });

  it("names a file of an unusual type .bin and says when there is no practice", () => {
    const mail = feedbackMail({ ...payload, practice: "", file: "data:application/x-thing;base64,AA==" }, sender, receivedAt);

    expect(mail.attachments[0]?.filename).toBe("feedback-attachment.bin");
    expect(mail.text).toContain("Practice: (none)");
  });
});
