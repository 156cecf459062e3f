import { describe, expect, it } from "vitest";
import {
  changeFilters,
  cookieValue,
  defaultPracticeIds,
  initialFilters,
  mcoOptions,
  unknownInLink,
  unknownUrlFilters,
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
  priority: "all",
  campaign: null,
  campaignFigure: "called",
  campaignAgent: null,
};

describe("member filters travel", () => {
  it("round-trips practice, status and brand through the URL query, with MCO and result while they filter", () => {
    const query = new URLSearchParams(urlQuery(FILTERS)).toString();
    expect(query).toBe("practice=4%2C9&status=Recare+Future+Appointment&brand=mcna&mco=MCNA+Dental+CHIP&result=");
    expect(readUrlFilters(`?${query}`)).toEqual({ practiceIds: [4, 9], status: "Recare Future Appointment", brand: "mcna", mco: "MCNA Dental CHIP", result: "" });
    expect(new URLSearchParams(urlQuery({ ...FILTERS, mco: "all", result: "all" })).toString()).toBe("practice=4%2C9&status=Recare+Future+Appointment&brand=mcna");
    expect(readUrlFilters("?practice=all&status=all&brand=all")).toEqual({ practiceIds: [], status: "all", brand: "all" });
  });

  it("ignores URL values that are not filters, and names them", () => {
    const link = "?practice=x&status=Happy&brand=acme&priority=P9&page=members";
    expect(readUrlFilters(link)).toEqual({ practiceIds: [] });
    expect(unknownUrlFilters(link)).toEqual(["practice “x”", "status “Happy”", "brand “acme”", "priority “P9”"]);
    expect(unknownUrlFilters("?practice=all&status=all&brand=all&page=members")).toEqual([]);
  });

  it("reads a drill-down link: several statuses and brands, MCO, Blank result and priority, and writes them back", () => {
    const link = "?practice=4&status=New+Patient%2CRecare+Future+Appointment&brand=denta%2Cuhc&mco=DentaQuest+CHIP&result=&priority=any";
    const filters = readUrlFilters(link);
    expect(filters).toEqual({
      practiceIds: [4],
      status: "New Patient,Recare Future Appointment",
      brand: "denta,uhc",
      mco: "DentaQuest CHIP",
      result: "",
      priority: "any",
    });
    expect(unknownUrlFilters(link)).toEqual([]);
    expect(`?${new URLSearchParams(urlQuery({ ...NO_FILTERS, ...filters })).toString()}`).toBe(link);
  });

  it("reads a campaign progress' link: the campaign's id and its result, and names an id that is none", () => {
    const link = "?practice=all&status=all&brand=all&result=Appointment+Made&campaign=12";
    expect(readUrlFilters(link)).toEqual({ practiceIds: [], status: "all", brand: "all", result: "Appointment Made", campaign: 12 });
    expect(unknownUrlFilters(link)).toEqual([]);
    expect(`?${new URLSearchParams(urlQuery({ ...NO_FILTERS, ...readUrlFilters(link) })).toString()}`).toBe(link);
    expect(readUrlFilters("?campaign=0")).toEqual({});
    expect(unknownUrlFilters("?campaign=0&brand=all")).toEqual(["campaign “0”"]);
    expect(unknownUrlFilters("?campaign=recare")).toEqual(["campaign “recare”"]);
  });

  it("reads the figure of a campaign's progress a link opens, only with its campaign, and names a figure that is none", () => {
    const link = "?practice=all&status=all&brand=all&campaign=12&campaignFigure=reached";
    expect(readUrlFilters(link)).toEqual({ practiceIds: [], status: "all", brand: "all", campaign: 12, campaignFigure: "reached" });
    expect(`?${new URLSearchParams(urlQuery({ ...NO_FILTERS, ...readUrlFilters(link) })).toString()}`).toBe(link);
    expect(readUrlFilters("?campaignFigure=reached")).toEqual({});
    expect(readUrlFilters("?campaign=12&campaignAgent=5&campaignFigure=reached")).toEqual({ campaign: 12, campaignAgent: 5, campaignFigure: "reached" });
    expect(readUrlFilters("?campaignAgent=5")).toEqual({});
    expect(unknownUrlFilters("?campaign=12&campaignAgent=Dana")).toEqual(["campaign agent “Dana”"]);
    expect(urlQuery({ ...NO_FILTERS, campaign: 12, campaignAgent: 5 })).toMatchObject({ campaign: "12", campaignAgent: "5" });
    expect(changeFilters({ ...NO_FILTERS, campaign: 12, campaignAgent: 5 }, { campaign: null }).campaignAgent).toBeNull();
    expect(unknownUrlFilters("?campaign=12&campaignFigure=booked")).toEqual(["campaign figure “booked”"]);
    expect(urlQuery({ ...NO_FILTERS, campaign: 12, campaignFigure: "called" })).not.toHaveProperty("campaignFigure");
    expect(changeFilters({ ...NO_FILTERS, campaign: 12, campaignFigure: "appointments" }, { campaign: null }).campaignFigure).toBe("called");
  });

  it("round-trips every filter but a campaign's and the page size through the cookie, and ignores a broken cookie", () => {
    const { campaign: _campaign, campaignFigure: _figure, campaignAgent: _agent, ...kept } = FILTERS;
    expect(readCookieFilters(cookieValue({ ...FILTERS, campaign: 7, campaignFigure: "reached", campaignAgent: 5 }, 50))).toEqual({ ...kept, pageSize: 50 });
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
      saved: { url: { brand: "uhc" }, cookie: { practiceIds: [4, 77], mco: "MCNA Dental CHIP" }, unknown: [] },
      setup: [],
      defaultLocationId: "",
      practices,
    });
    expect(filters).toEqual({ ...NO_FILTERS, brand: "uhc", practiceIds: [4] });
  });

  it("name a link's practice outside the list, besides its unknown values", () => {
    expect(unknownInLink({ saved: { url: { practiceIds: [4, 77] }, cookie: {}, unknown: ["status “Happy”"] }, practices })).toEqual([
      "status “Happy”",
      "practice 77",
    ]);
    expect(unknownInLink({ saved: { url: {}, cookie: { practiceIds: [77] }, unknown: [] }, practices })).toEqual([]);
  });

  it("offer the MCOs of the chosen brand, of several, or of every brand", () => {
    expect(mcoOptions("tmhp")).toEqual(["TMHP Fee-for-Service"]);
    expect(mcoOptions("denta,tmhp")).toEqual(["DentaQuest Medicaid", "DentaQuest CHIP", "TMHP Fee-for-Service"]);
    expect(mcoOptions("all")).toHaveLength(7);
  });
});
