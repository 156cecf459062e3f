import { describe, expect, it } from "vitest";
import { membersStatusHref, priorityHref } from "./drillDown";

const EVERYTHING = { brand: "all", region: "all", practice: [], mco: "all", result: "all" } as const;

describe("drill-down addresses", () => {
  it("open the members list of every practice with the count's slice in the query", () => {
    expect(membersStatusHref({ ...EVERYTHING, practice: [] }, [5], "New_Patient_DENTA", 12)).toBe("/members/all?practice=5&status=New+Patient&brand=denta");
    expect(priorityHref(5, 3, "P1")).toBe("/members/all?practice=5&status=all&brand=all&priority=P1");
  });

  it("open nothing for a zero", () => {
    expect(membersStatusHref({ ...EVERYTHING, practice: [] }, [5], "total", 0)).toBeUndefined();
    expect(priorityHref(5, 0)).toBeUndefined();
  });
});
