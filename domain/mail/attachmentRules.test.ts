import { describe, expect, it } from "vitest";
import { attachmentProblems, NOT_ALLOWED, NOT_WHAT_IT_SAYS } from "./attachmentRules.ts";

const dataUrl = (type: string, bytes: Uint8Array | string) =>
  `data:${type};base64,${Buffer.from(typeof bytes === "string" ? Buffer.from(bytes, "utf8") : bytes).toString("base64")}`;
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const PDF = "%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n";
const EXE = Uint8Array.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff, 0x00, 0x00]);

describe("attachmentProblems", () => {
  it("takes a picture, a PDF and text that are what they say, and no file", async () => {
    expect(await attachmentProblems(undefined)).toEqual([]);
    expect(await attachmentProblems(dataUrl("image/png", PNG))).toEqual([]);
    expect(await attachmentProblems(dataUrl("application/pdf", PDF))).toEqual([]);
    expect(await attachmentProblems(dataUrl("text/plain", "Die Liste lädt nicht.\r\n\tZeile 2"))).toEqual([]);
    expect(await attachmentProblems(dataUrl("text/csv", "a,b\n1,2\n"))).toEqual([]);
  });

  it("refuses types a screenshot or document does not need", async () => {
    for (const type of ["text/html", "image/svg+xml", "application/x-msdownload", "application/octet-stream", "application/zip"]) {
      expect(await attachmentProblems(dataUrl(type, "x"))).toEqual([{ field: "file", message: NOT_ALLOWED }]);
    }
  });

  it("refuses content that is not what its type says", async () => {
    const wrong = [{ field: "file", message: NOT_WHAT_IT_SAYS }];
    expect(await attachmentProblems(dataUrl("image/png", EXE))).toEqual(wrong);
    expect(await attachmentProblems(dataUrl("image/jpeg", PNG))).toEqual(wrong);
    expect(await attachmentProblems(dataUrl("application/pdf", "<html><script>alert(1)</script></html>"))).toEqual(wrong);
    expect(await attachmentProblems(dataUrl("text/plain", EXE))).toEqual(wrong);
    expect(await attachmentProblems(dataUrl("text/plain", PNG))).toEqual(wrong);
    expect(await attachmentProblems(dataUrl("text/plain", Uint8Array.from([0xc3, 0x28])))).toEqual(wrong);
    expect(await attachmentProblems(dataUrl("image/png", ""))).toEqual(wrong);
  });
});
