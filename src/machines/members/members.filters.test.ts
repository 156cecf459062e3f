import { describe, expect, it } from "vitest";
import {
  cookieValue,
  defaultPracticeIds,
  initialFilters,
  mcoOptions,
  NO_FILTERS,
  readCookieFilters,
  readUrlFilters,
  urlQuery,
  type MemberFilters,
} from "./members.filters";

const FILTERS: MemberFilters = {
  practiceIds: [4, 9],
  status: "Recare Future Appointment",
  result: "",
  mco: "MCNA Dental CHIP",
  dentist: "Ruth",
  brand: "mcna",
};

describe("member filters travel", () => {
  it("round-trips practice, status and brand through the URL query", () => {
    const query = new URLSearchParams(urlQuery(FILTERS)).toString();
    expect(query).toBe("practice=4%2C9&status=Recare+Future+Appointment&brand=mcna");
    expect(readUrlFilters(`?${query}`)).toEqual({ practiceIds: [4, 9], status: "Recare Future Appointment", brand: "mcna" });
    expect(readUrlFilters("?practice=all&status=all&brand=all")).toEqual({ practiceIds: [], status: "all", brand: "all" });
  });

  it("ignores URL values that are not filters", () => {
    expect(readUrlFilters("?practice=x&status=Happy&brand=acme&page=members")).toEqual({ practiceIds: [] });
  });

  it("round-trips every filter and the page size through the cookie, and ignores a broken cookie", () => {
    expect(readCookieFilters(cookieValue(FILTERS, 50))).toEqual({ ...FILTERS, pageSize: 50 });
    expect(readCookieFilters("{not json")).toEqual({});
    expect(readCookieFilters(JSON.stringify({ status: "Nope", pageSize: 7, brand: "uhc" }))).toEqual({ brand: "uhc" });
  });
});

describe("the first filters", () => {
  const practices = [4, 9, 12].map((id) => ({ id, practice: `P${id}`, practiceabbr: `P${id}`, region: "SMD" as const, brands: [] }));

  it("use the saved setup, else defaultLocationId; more than 25 practices means All", () => {
    expect(defaultPracticeIds([], "4;9")).toEqual([4, 9]);
    expect(defaultPracticeIds([{ appId: "call_center", field: "practice", value: "12" }], "4;9")).toEqual([12]);
    expect(defaultPracticeIds([{ appId: "call_center", field: "practice", value: "" }], "4;9")).toEqual([]);
    const many = Array.from({ length: 26 }, (_, i) => i + 1).join(";");
    expect(defaultPracticeIds([], many)).toEqual([]);
  });

  it("drop practices outside the list's region and an MCO of another brand", () => {
    const filters = initialFilters({
      saved: { url: { brand: "uhc" }, cookie: { practiceIds: [4, 77], mco: "MCNA Dental CHIP" } },
      setup: [],
      defaultLocationId: "",
      practices,
    });
    expect(filters).toEqual({ ...NO_FILTERS, brand: "uhc", practiceIds: [4] });
  });

  it("offer the MCOs of the chosen brand, or of every brand", () => {
    expect(mcoOptions("tmhp")).toEqual(["TMHP Fee-for-Service"]);
    expect(mcoOptions("all")).toHaveLength(7);
  });
});
