import { describe, expect, it } from "vitest";
import { memberSortKey } from "./membersOrder.ts";

describe("memberSortKey", () => {
  it("sorts by age as by birth date the other way: the youngest first when ascending", () => {
    expect(memberSortKey("Age", false)).toEqual({ key: "Date_of_Birth", descending: true });
    expect(memberSortKey("Age", true)).toEqual({ key: "Date_of_Birth", descending: false });
  });

  it("sorts every other column by its own values", () => {
    expect(memberSortKey("Practice", true)).toEqual({ key: "Practice", descending: true });
    expect(memberSortKey("Date_of_Birth", false)).toEqual({ key: "Date_of_Birth", descending: false });
  });
});
