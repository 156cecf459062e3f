import { describe, expect, it } from "vitest";
import { directoryFiltersOf, parseDateRange } from "./directory.ts";

describe("parseDateRange", () => {
  it("reads a start and an end date", () => {
    expect(parseDateRange("2026-11-01,2026-11-16")).toEqual({ startDate: "2026-11-01", endDate: "2026-11-16" });
    expect(parseDateRange("2026-11-16,2026-11-16")).toEqual({ startDate: "2026-11-16", endDate: "2026-11-16" });
  });

  it("refuses a start after the end, naming dates", () => {
    expect(() => parseDateRange("2026-11-17,2026-11-16")).toThrow(
      expect.objectContaining({ statusCode: 400, details: [{ field: "dates", message: "must not start after it ends" }] }),
    );
  });

  it("refuses dates that do not exist, a missing end and extra parts", () => {
    for (const text of ["2026-02-30,2026-03-01", "2026-11-01", "2026-11-01,", "2026-11-01,2026-11-02,2026-11-03"]) {
      expect(() => parseDateRange(text)).toThrow(expect.objectContaining({ statusCode: 400, message: "Invalid request: dates" }));
    }
  });
});

describe("directoryFiltersOf", () => {
  it("takes all as no filter and trims the search", () => {
    expect(directoryFiltersOf({ practice: "all", campaign: "all", search: "  reed " })).toEqual({ search: "reed" });
    expect(directoryFiltersOf({})).toEqual({ search: "" });
  });

  it("filters by practice, campaign, day folder and range", () => {
    expect(directoryFiltersOf({ practice: "7", campaign: "Recare", dateFolder: "2026-11-16", dates: "2026-11-01,2026-11-16" })).toEqual({
      practiceId: 7,
      campaign: "Recare",
      dateFolder: "2026-11-16",
      dates: { startDate: "2026-11-01", endDate: "2026-11-16" },
      search: "",
    });
  });
});
