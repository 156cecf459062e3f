import { describe, expect, it } from "vitest";
import { NUL_PROBLEM, nulProblems } from "./requestText.ts";

describe("nulProblems", () => {
  it("names every string holding a NUL by its path, body fields without a root", () => {
    const body = { notes: "a\u0000b", list: ["ok", "x\u0000"], nested: { deep: "\u0000" }, fine: "text", count: 3 };
    expect(nulProblems(body, "").map((problem) => problem.field)).toEqual(["notes", "list.1", "nested.deep"]);
    expect(nulProblems(body, "")[0]!.message).toBe(NUL_PROBLEM);
  });

  it("names a parameter by its name and a JSON parameter's fields under it", () => {
    expect(nulProblems("a\u0000b", "search")).toEqual([{ field: "search", message: NUL_PROBLEM }]);
    expect(nulProblems({ sid: "1\u0000" }, "params")).toEqual([{ field: "params.sid", message: NUL_PROBLEM }]);
  });

  it("refuses a NUL in a key too, and finds nothing in clean or non-text values", () => {
    expect(nulProblems({ "a\u0000": 1 }, "")).toEqual([{ field: "a\u0000", message: NUL_PROBLEM }]);
    expect(nulProblems({ a: "b", n: null, t: true, list: [1, 2] }, "")).toEqual([]);
    expect(nulProblems(undefined, "body")).toEqual([]);
  });
});
