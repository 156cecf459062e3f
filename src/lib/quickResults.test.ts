import { describe, expect, it } from "vitest";
import { QUICK_RESULTS, quickResultOf } from "./quickResults";
import { RESULT_OPTIONS } from "../../domain/vocabulary.ts";

describe("the most used results on the number keys", () => {
  it("maps 1 to 9 to nine different results of the option list, in order", () => {
    expect(["1", "2", "3", "9"].map(quickResultOf)).toEqual(["No answer", "Left message", "Appointment Made", "Transfer"]);
    expect(new Set(QUICK_RESULTS).size).toBe(9);
    for (const result of QUICK_RESULTS) expect(RESULT_OPTIONS).toContain(result);
  });

  it("maps no other key", () => {
    expect(["0", "10", "a", "", "Digit1", "٣"].map(quickResultOf)).toEqual(Array(6).fill(undefined));
  });
});
