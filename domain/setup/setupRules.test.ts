import { describe, expect, it } from "vitest";
import { defaultsProblems, practiceIdsOf, setupValueProblems } from "./setupRules.ts";

describe("practiceIdsOf", () => {
  it("lists the ids of a practice list, and none for '' or a list of another shape", () => {
    expect(practiceIdsOf("1;9;12")).toEqual(["1", "9", "12"]);
    expect(practiceIdsOf("")).toEqual([]);
    expect(practiceIdsOf("1,3")).toEqual([]);
    expect(practiceIdsOf("New Patient")).toEqual([]);
  });
});

describe("setupValueProblems", () => {
  it("accepts a member status or all for the status default", () => {
    expect(setupValueProblems("status", "New Patient", [])).toEqual([]);
    expect(setupValueProblems("status", "all", [])).toEqual([]);
    expect(setupValueProblems("status", "new patient", [])).toEqual([{ field: "value", message: "must be a member status or all" }]);
  });

  it("accepts existing practice ids, or '' for all, for the practice default", () => {
    expect(setupValueProblems("practice", "1;3", [])).toEqual([]);
    expect(setupValueProblems("practice", "", [])).toEqual([]);
    expect(setupValueProblems("practice", "1,3", [])).toEqual([{ field: "value", message: "must be semicolon-separated practice ids" }]);
    expect(setupValueProblems("practice", "1;7", ["7"])).toEqual([{ field: "value", message: "names unknown practices: 7" }]);
  });
});

describe("defaultsProblems", () => {
  it("accepts a page the user may open and existing practices", () => {
    expect(defaultsProblems({ isAdmin: false }, { defaultPage: "/members/all", defaultLocationId: "2;3" }, [])).toEqual([]);
    expect(defaultsProblems({ isAdmin: true }, { defaultPage: "/usage", defaultLocationId: "" }, [])).toEqual([]);
  });

  it("names an administrator page chosen by other staff, and unknown practices", () => {
    expect(defaultsProblems({ isAdmin: false }, { defaultPage: "/usage", defaultLocationId: "2;99" }, ["99"])).toEqual([
      { field: "defaultPage", message: "must be one of the pages of GET /pmd/getSetup" },
      { field: "defaultLocationId", message: "names unknown practices: 99" },
    ]);
  });
});
