import { describe, expect, it } from "vitest";
import { attachmentName } from "./attachmentName";

describe("attachment name", () => {
  it("is the server's attachment name, or the fallback", () => {
    expect(attachmentName('attachment; filename="Members-2026-11-24.csv"', "export.csv")).toBe("Members-2026-11-24.csv");
    expect(attachmentName(null, "export.csv")).toBe("export.csv");
  });
});
