import { describe, expect, it } from "vitest";
import { memberSortKey } from "./membersOrder.ts";

describe("memberSortKey", () => {
  it("sorts by age as by birth date the other way: the youngest first when ascending, that order exactly reversed when descending", () => {
    expect(memberSortKey("Age", false)).toEqual({ key: "Date_of_Birth", descending: true, idsDescending: true });
    expect(memberSortKey("Age", true)).toEqual({ key: "Date_of_Birth", descending: false, idsDescending: false });
  });

  it("sorts every other column by its own values, ties by id, descending ties where the column is never empty (its ascending order reversed)", () => {
    expect(memberSortKey("Date_of_Birth", false)).toEqual({ key: "Date_of_Birth", descending: false, idsDescending: false });
    for (const key of ["Last_Name", "City", "Phone", "Days_Extracted", "entryTime", "Result", "Status"] as const) {
      expect(memberSortKey(key, true)).toEqual({ key, descending: true, idsDescending: true });
    }
    for (const key of ["Practice", "notes", "notestimestamp", "LastVisit", "NextApt"] as const) {
      expect(memberSortKey(key, true)).toEqual({ key, descending: true, idsDescending: false });
    }
  });
});
