import { describe, expect, it } from "vitest";
import { listFilterValue, listFilterValues, priorityFilterValues } from "./listFilters.ts";

describe("list filters", () => {
  it("read one value, several separated by commas, or none for all, absent and empty", () => {
    expect(listFilterValues("New Patient")).toEqual(["New Patient"]);
    expect(listFilterValues("denta,mcna,denta")).toEqual(["denta", "mcna"]);
    expect(listFilterValues("all")).toBeUndefined();
    expect(listFilterValues(undefined)).toBeUndefined();
    expect(listFilterValues("")).toBeUndefined();
  });

  it("write the values back as the query has them", () => {
    expect(listFilterValue(["denta", "uhc"])).toBe("denta,uhc");
    expect(listFilterValue([])).toBe("all");
  });

  it("read a priority, any priority, or no filter", () => {
    expect(priorityFilterValues("P2")).toEqual(["P2"]);
    expect(priorityFilterValues("any")).toEqual(["P1", "P2", "P3", "P4"]);
    expect(priorityFilterValues("all")).toBeUndefined();
    expect(priorityFilterValues(undefined)).toBeUndefined();
  });
});
