import { describe, expect, it } from "vitest";
import { contentRangeOf, rangeOf } from "./byteRange.ts";

describe("a Range header", () => {
  it("reads a first-last, an open-ended and a suffix range within the file", () => {
    expect(rangeOf("bytes=0-3", 10)).toEqual({ start: 0, end: 3 });
    expect(rangeOf("bytes=4-", 10)).toEqual({ start: 4, end: 9 });
    expect(rangeOf("bytes=-3", 10)).toEqual({ start: 7, end: 9 });
    expect(rangeOf("bytes=-30", 10)).toEqual({ start: 0, end: 9 });
    expect(rangeOf("bytes=8-100", 10)).toEqual({ start: 8, end: 9 });
  });

  it("answers the whole file for none, several, another unit or a backwards range", () => {
    for (const header of [undefined, null, "", "bytes=-", "bytes=0-1,4-5", "items=0-1", "bytes=5-2"]) expect(rangeOf(header, 10)).toBeUndefined();
  });

  it("refuses a range starting at or beyond the end (416)", () => {
    expect(rangeOf("bytes=10-", 10)).toBeNull();
    expect(rangeOf("bytes=12-20", 10)).toBeNull();
    expect(rangeOf("bytes=-0", 10)).toBeNull();
    expect(rangeOf("bytes=0-", 0)).toBeNull();
  });

  it("is told back as a Content-Range", () => {
    expect(contentRangeOf({ start: 0, end: 3 }, 10)).toBe("bytes 0-3/10");
    expect(contentRangeOf(null, 10)).toBe("bytes */10");
  });
});
