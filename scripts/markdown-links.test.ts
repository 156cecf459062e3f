import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { brokenLinks, linkTargets } from "./markdown-links";

describe("linkTargets", () => {
  it("reads inline links and images, with or without a title, and skips code", () => {
    const markdown = [
      "See [the guide](docs/guide.md#setup) and ![a diagram](<docs/a b.png> \"title\").",
      "`[not a link](nowhere.md)`",
      "```",
      "[nor this](nowhere.md)",
      "```",
    ].join("\n");
    expect(linkTargets(markdown)).toEqual(["docs/guide.md#setup", "docs/a b.png"]);
  });
});

describe("brokenLinks", () => {
  const root = mkdtempSync(join(tmpdir(), "links-"));
  mkdirSync(join(root, "docs"));
  writeFileSync(join(root, "docs", "guide.md"), "");
  writeFileSync(join(root, "README.md"), "");

  it("accepts links to files of the repository, web addresses and anchors", () => {
    const markdown = "[a](guide.md) [b](../README.md#top) [c](/docs/guide.md) [d](https://example.com) [e](mailto:x@y.z) [f](#here)";
    expect(brokenLinks(root, "docs/index.md", markdown)).toEqual([]);
  });

  it("names a link to a missing file and one that leaves the repository", () => {
    expect(brokenLinks(root, "README.md", "[x](docs/missing.md) [y](../sibling/notes.md)")).toEqual([
      "README.md: docs/missing.md does not exist",
      "README.md: ../sibling/notes.md leads out of the repository",
    ]);
  });
});
