import { describe, expect, it } from "vitest";
import { absoluteLinks, fileLinksProblems, NOT_A_LINK } from "./helpLinks.ts";

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

describe("fileLinksProblems", () => {
  it("takes http(s) URLs separated by commas, and none", () => {
    expect(fileLinksProblems("")).toEqual([]);
    expect(fileLinksProblems("https://cdn.example/a.mp4,http://127.0.0.1:8080/api/files/help/b.pdf")).toEqual([]);
  });

  it("refuses a link that only looks like a URL, naming fileLinks once", () => {
    for (const links of ["http://[", "https://ok.example/a.pdf,http://[::1", "http://a:99999/x", "http://%zz/"]) {
      expect(fileLinksProblems(links)).toEqual([{ field: "fileLinks", message: NOT_A_LINK }]);
    }
  });
});
