import { describe, expect, it } from "vitest";
import { formatElapsed, monthLabel } from "./format";

describe("formatElapsed", () => {
  it.each([
    [0, "0 s"],
    [59, "59 s"],
    [60, "1 min 0 s"],
    [125, "2 min 5 s"],
    [3600, "60 min 0 s"],
  ])("shows %i seconds as %s", (seconds, shown) => {
    expect(formatElapsed(seconds)).toBe(shown);
  });
});

describe("monthLabel", () => {
  it("names a month for people", () => {
    expect(monthLabel("2026-02")).toBe("February 2026");
  });
});
