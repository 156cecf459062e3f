import { describe, expect, it } from "vitest";
import { INTEGER_TEXT_PROBLEM, integerTextProblem, isIntegerText } from "./integerText.ts";

describe("integer parameters' text", () => {
  it("takes an integer in plain digits, with a minus, up to 15 digits", () => {
    expect(["0", "7", "-3", "-0", "2147483647", "007", "999999999999999"].every((text) => isIntegerText(text))).toBe(true);
    expect(isIntegerText(["1", "2"])).toBe(true);
  });

  it("refuses what Number would read as infinity, not a number or a fraction, and anything but digits", () => {
    const refused = ["Infinity", "-Infinity", "NaN", "1e400", "-1e400", "9".repeat(309), "1e3", "1.0", "0x10", " 5", "+5", "", "1_000", "9999999999999999"];
    expect(refused.filter((text) => isIntegerText(text))).toEqual([]);
    expect(isIntegerText(["1", "1e400"])).toBe(false);
  });

  it("names the parameter, and leaves absent or non-text values to the schema", () => {
    expect(integerTextProblem("pageNum", "1e400")).toEqual({ field: "pageNum", message: INTEGER_TEXT_PROBLEM });
    expect(integerTextProblem("pageNum", "2")).toBeUndefined();
    expect(integerTextProblem("pageNum", undefined)).toBeUndefined();
  });
});
