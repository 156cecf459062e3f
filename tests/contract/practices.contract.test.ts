// The practices tag: practices and regions for the filters, complete and sorted, and the members
// list's practices of a user with its own-user rule.
import { beforeAll, describe, expect, it } from "vitest";
import { fieldsOf, useBackend } from "./fixtures";

const backend = useBackend();

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byAbbreviation = (practices: any[]) => [...practices].sort((a, b) => byText(a.practiceabbr, b.practiceabbr) || a.id - b.id);
const get = (path: string, options: { token?: string; path?: Record<string, string | number> } = {}) =>
  backend.api.get(path, { token: backend.staff.token, ...options });

let practices: any[];
beforeAll(async () => {
  practices = (await get("/practice/list")).body;
});

describe("GET /practice/list", () => {
  it("lists every practice of the group by abbreviation, each in a region and receiving payers' lists", async () => {
    expect(practices.length).toBeGreaterThanOrEqual(20);
    expect(practices).toEqual(byAbbreviation(practices));
    expect(new Set(practices.map((p) => p.region))).toEqual(new Set(["SMD", "FSD", "OTD", "3CD"]));
    expect(practices.every((p) => p.practice && p.practiceabbr && p.brands.length > 0)).toBe(true);
  });
});

describe("GET /practicesInfo/getPractices and GET /report/practicesList", () => {
  it("answer the same practices under their own keys", async () => {
    const info = await get("/practicesInfo/getPractices");
    expect(info.status).toBe(200);
    expect(info.body.practices).toEqual(practices);
    const report = await get("/report/practicesList");
    expect(report.status).toBe(200);
    expect(report.body.practicesList).toEqual(practices);
  });
});

describe("GET /practice/list/bybrand/{brand}", () => {
  it("lists the practices that receive the brand's member list", async () => {
    for (const brand of ["denta", "tmhp"]) {
      const { status, body } = await get("/practice/list/bybrand/{brand}", { path: { brand } });
      expect(status).toBe(200);
      expect(body).toEqual(byAbbreviation(practices.filter((p) => p.brands.includes(brand))));
    }
  });

  it("refuses a brand that is not a payer, naming brand", async () => {
    const { status, body } = await get("/practice/list/bybrand/{brand}", { path: { brand: "aetna" } });
    expect(status).toBe(400);
    expect(fieldsOf(body)).toContain("brand");
  });
});

describe("GET /practice/list/byregion/{region}", () => {
  it("lists a region's practices, and every practice for all", async () => {
    const smd = await get("/practice/list/byregion/{region}", { path: { region: "SMD" } });
    expect(smd.status).toBe(200);
    expect(smd.body.length).toBeGreaterThan(0);
    expect(smd.body).toEqual(byAbbreviation(practices.filter((p) => p.region === "SMD")));
    expect((await get("/practice/list/byregion/{region}", { path: { region: "all" } })).body).toEqual(practices);
  });

  it("refuses an unknown region, naming region", async () => {
    const { status, body } = await get("/practice/list/byregion/{region}", { path: { region: "NORTH" } });
    expect(status).toBe(400);
    expect(fieldsOf(body)).toContain("region");
  });
});

describe("GET /Members/regionsList and GET /report/regionsList", () => {
  it("list the regions by name, each with its practices by abbreviation", async () => {
    const members = await get("/Members/regionsList");
    expect(members.status).toBe(200);
    const regions = members.body.regionsList;
    expect(regions.map((r: any) => r.name)).toEqual(["3CD", "FSD", "OTD", "SMD"]);
    for (const region of regions) {
      const expected = byAbbreviation(practices.filter((p) => p.region === region.name));
      expect(region.UdaPracticeInfo).toEqual(expected.map((p) => ({ practiceName: p.practiceabbr, practiceId: p.id })));
    }
    const report = await get("/report/regionsList");
    expect(report.status).toBe(200);
    expect(report.body.regionList).toEqual(regions);
  });
});

describe("GET /Members/practicesList/{id}", () => {
  it("answers the practices a user works to that user", async () => {
    const { status, body } = await get("/Members/practicesList/{id}", { path: { id: backend.staff.user.id } });
    expect(status).toBe(200);
    expect(body.practicesList).toEqual(practices);
  });

  it("answers another user's practices to an administrator, refuses them to other staff", async () => {
    const admin = await get("/Members/practicesList/{id}", { token: backend.admin.token, path: { id: backend.staff.user.id } });
    expect(admin.status).toBe(200);
    const staff = await get("/Members/practicesList/{id}", { path: { id: backend.admin.user.id } });
    expect(staff.status).toBe(403);
  });

  it("answers 404 for an unknown user and 400 naming id for one that is not an id", async () => {
    expect((await get("/Members/practicesList/{id}", { token: backend.admin.token, path: { id: 987654 } })).status).toBe(404);
    const invalid = await get("/Members/practicesList/{id}", { path: { id: "me" } });
    expect(invalid.status).toBe(400);
    expect(fieldsOf(invalid.body)).toContain("id");
  });
});
