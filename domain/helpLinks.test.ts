import { describe, expect, it } from "vitest";
import { absoluteLinks } from "./helpLinks.ts";

describe("absoluteLinks", () => {
  it("resolves paths against the caller's origin and keeps absolute URLs", () => {
    expect(absoluteLinks("/api/files/help/a.mp4,https://cdn.example/b.pdf", "http://localhost:5173/api/helpMark/help")).toBe(
      "http://localhost:5173/api/files/help/a.mp4,https://cdn.example/b.pdf",
    );
    expect(absoluteLinks("", "http://localhost:5173/")).toBe("");
  });

  it("answers a stored link that is no URL as it is stored, rather than failing the read", () => {
    expect(absoluteLinks("http://[,/guide.pdf", "http://127.0.0.1:8080")).toBe("http://[,http://127.0.0.1:8080/guide.pdf");
  });
});
