import { describe, expect, it } from "vitest";
import { helpFilesOf } from "./helpFiles";

describe("help files", () => {
  const links = "https://x.example/tour.mp4, https://x.example/guide.pdf,https://x.example/notes.docx,https://x.example/CLIP.MP4?v=2,";

  it("keeps only .mp4 files for video", () => {
    expect(helpFilesOf(links, "video")).toEqual(["https://x.example/tour.mp4", "https://x.example/CLIP.MP4?v=2"]);
  });

  it("keeps only .pdf files for PDF", () => {
    expect(helpFilesOf(links, "pdf")).toEqual(["https://x.example/guide.pdf"]);
  });

  it("finds nothing in an empty list", () => {
    expect(helpFilesOf("", "video")).toEqual([]);
  });
});
