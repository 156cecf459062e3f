import { describe, expect, it } from "vitest";
import { memberSortKey } from "./membersOrder.ts";

describe("memberSortKey", () => {
  it("sorts by age as by birth date the other way: the youngest first when ascending, that order exactly reversed when descending", () => {
    expect(memberSortKey("Age", false)).toEqual({ key: "Date_of_Birth", descending: true, idsDescending: true });
    expect(memberSortKey("Age", true)).toEqual({ key: "Date_of_Birth", descending: false, idsDescending: false });
  });

  it("sorts every other column by its own values, ties by id, descending ties only where the descending order is the ascending one reversed", () => {
    expect(memberSortKey("Practice", true)).toEqual({ key: "Practice", descending: true, idsDescending: false });
    expect(memberSortKey("Date_of_Birth", false)).toEqual({ key: "Date_of_Birth", descending: false, idsDescending: false });
    expect(memberSortKey("Last_Name", true)).toEqual({ key: "Last_Name", descending: true, idsDescending: true });
    expect(memberSortKey("City", true)).toEqual({ key: "City", descending: true, idsDescending: false });
  });
});
