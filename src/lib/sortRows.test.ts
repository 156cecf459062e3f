import { describe, expect, it } from "vitest";
import { nextSort, sortRows } from "./sortRows";

const rows = [
  { name: "FS-LARE", count: 12, note: "b" },
  { name: "SM-HOUS", count: 3, note: null },
  { name: "BPD-DALL", count: 40, note: "a" },
];

describe("sortRows", () => {
  it("sorts numbers by value and text alphabetically, both ways", () => {
    expect(sortRows(rows, "count", "asc").map((r) => r.count)).toEqual([3, 12, 40]);
    expect(sortRows(rows, "count", "desc").map((r) => r.count)).toEqual([40, 12, 3]);
    expect(sortRows(rows, "name", "asc").map((r) => r.name)).toEqual(["BPD-DALL", "FS-LARE", "SM-HOUS"]);
  });

  it("keeps empty values last in either direction", () => {
    expect(sortRows(rows, "note", "asc").map((r) => r.note)).toEqual(["a", "b", null]);
    expect(sortRows(rows, "note", "desc").map((r) => r.note)).toEqual(["b", "a", null]);
  });

  it("keeps the order when no column is chosen, without touching the input", () => {
    const copy = sortRows(rows, null, "asc");
    expect(copy).toEqual(rows);
    expect(copy).not.toBe(rows);
  });
});

describe("nextSort", () => {
  it("starts a new column ascending and toggles the same column", () => {
    const first = nextSort({ column: null, direction: "asc" }, "count");
    expect(first).toEqual({ column: "count", direction: "asc" });
    expect(nextSort(first, "count")).toEqual({ column: "count", direction: "desc" });
    expect(nextSort({ column: "count", direction: "desc" }, "name")).toEqual({ column: "name", direction: "asc" });
  });
});
