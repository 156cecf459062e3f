import { describe, expect, it } from "vitest";
import { setupValueProblem, unknownPracticeIds } from "./setupRules";

const practiceIds = new Set([1, 2, 3]);

describe("unknownPracticeIds", () => {
  it("names the ids that are not practices", () => {
    expect(unknownPracticeIds("1;9;3;12", practiceIds)).toEqual(["9", "12"]);
    expect(unknownPracticeIds("2", practiceIds)).toEqual([]);
    expect(unknownPracticeIds("", practiceIds)).toEqual([]);
  });
});

describe("setupValueProblem", () => {
  it("accepts a member status or all for the status default", () => {
    expect(setupValueProblem("status", "New Patient", practiceIds)).toBeUndefined();
    expect(setupValueProblem("status", "all", practiceIds)).toBeUndefined();
    expect(setupValueProblem("status", "new patient", practiceIds)).toEqual({ field: "value", message: "must be a member status or all" });
  });

  it("accepts existing practice ids, or '' for all, for the practice default", () => {
    expect(setupValueProblem("practice", "1;3", practiceIds)).toBeUndefined();
    expect(setupValueProblem("practice", "", practiceIds)).toBeUndefined();
    expect(setupValueProblem("practice", "1,3", practiceIds)?.field).toBe("value");
    expect(setupValueProblem("practice", "1;7", practiceIds)).toEqual({ field: "value", message: "names unknown practices: 7" });
  });
});
