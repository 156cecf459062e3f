// @vitest-environment node
// SMTP_URL and MAIL_FROM, and where unsent mail goes (server/config.ts).
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config.ts";

describe("the mail configuration", () => {
  it("sends through SMTP_URL when it is an smtp:// or smtps:// address, and refuses anything else by name", () => {
    expect(loadConfig({ SMTP_URL: "smtps://desk:secret@mail.example:465" }).smtpUrl).toBe("smtps://desk:secret@mail.example:465");
    expect(() => loadConfig({ SMTP_URL: "https://mail.example" })).toThrow(ConfigError);
    expect(() => loadConfig({ SMTP_URL: "https://mail.example" })).toThrow(/SMTP_URL must start with smtp:\/\/ or smtps:\/\//);
    expect(() => loadConfig({ SMTP_URL: "not a url" })).toThrow(/SMTP_URL must be a URL/);
    // The password in the address is never repeated in the message.
    expect(() => loadConfig({ SMTP_URL: "http://desk:hunter2@mail.example" })).toThrow(expect.objectContaining({ message: expect.not.stringContaining("hunter2") }));
  });

  it("sends from MAIL_FROM, or a no-reply address of the desk", () => {
    expect(loadConfig({ MAIL_FROM: "Desk <desk@clinic.example>" }).mailFrom).toBe("Desk <desk@clinic.example>");
    expect(loadConfig({}).mailFrom).toBe("Recall Desk <no-reply@recalldesk.example>");
  });
});
