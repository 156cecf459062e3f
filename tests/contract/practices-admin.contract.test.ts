// Practices and regions managed by administrators: a practice added or changed shows in every list
// of practices and regions at once, its abbreviation is one practice's (409 naming practiceabbr),
// its members follow it; regions are added, named and removed (not while they have practices), and
// every list of regions and every region filter follows.
import { describe, expect, it } from "vitest";
import { fieldsOf, useBackend } from "./fixtures";

const backend = useBackend();

const practices = async () => (await backend.api.get("/practice/list", { token: backend.staff.token })).body as any[];
const regions = async () => {
  const answer = await backend.api.get("/regions", { token: backend.admin.token });
  expect(answer.status).toBe(200);
  return answer.body as any[];
};
const add = (body: unknown, token = backend.admin.token) => backend.api.post("/practices", { token, body });
const put = (id: number | string, body: unknown, token = backend.admin.token) => backend.api.put("/practices/{id}", { token, path: { id }, body });

describe("POST /practices", () => {
  it("adds a practice, upper-casing its abbreviation, to every list of practices and to its region", async () => {
    const { status, body } = await add({ practice: "Smile Magic Tomball", practiceabbr: "sm-tomb", region: "SMD", brands: ["denta", "uhc"] });
    expect(status).toBe(201);
    expect(body).toMatchObject({ practice: "Smile Magic Tomball", practiceabbr: "SM-TOMB", region: "SMD", brands: ["denta", "uhc"] });
    expect(await practices()).toContainEqual(body);
    const smd = (await backend.api.get("/Members/regionsList", { token: backend.staff.token })).body.regionsList.find((r: any) => r.name === "SMD");
    expect(smd.UdaPracticeInfo).toContainEqual({ practiceName: "SM-TOMB", practiceId: body.id });
    const denta = (await backend.api.get("/practice/list/bybrand/{brand}", { token: backend.staff.token, path: { brand: "denta" } })).body;
    expect(denta.map((p: any) => p.id)).toContain(body.id);
  });

  it("answers 409 naming practiceabbr for an abbreviation in use, in any case, and adds nothing", async () => {
    const [first] = await practices();
    const before = await practices();
    const { status, body } = await add({ practice: "Another", practiceabbr: first.practiceabbr.toLowerCase(), region: "OTD", brands: [] });
    expect(status).toBe(409);
    expect(body.message).toBe(`The abbreviation ${first.practiceabbr} is used by ${first.practice} already`);
    expect(fieldsOf(body)).toEqual(["practiceabbr"]);
    expect(await practices()).toEqual(before);
  });

  it("answers 400 naming what breaks the contract, and 403 to other staff", async () => {
    const invalid = await add({ practice: "", practiceabbr: "A B", region: "north!", brands: ["aetna"] });
    expect(invalid.status).toBe(400);
    expect(fieldsOf(invalid.body)).toEqual(expect.arrayContaining(["practice", "practiceabbr", "region", "brands.0"]));
    expect((await add({ practice: "X", practiceabbr: "XX-1", region: "OTD", brands: [] }, backend.staff.token)).status).toBe(403);
    expect((await practices()).some((p) => p.practiceabbr === "XX-1")).toBe(false);
  });

  it("answers 400 naming region for a region there is not", async () => {
    const { status, body } = await add({ practice: "Nowhere Dental", practiceabbr: "NW-1", region: "NOWHERE", brands: [] });
    expect(status).toBe(400);
    expect(fieldsOf(body)).toEqual(["region"]);
    expect((await practices()).some((p) => p.practiceabbr === "NW-1")).toBe(false);
  });
});

describe("PUT /practices/{id}", () => {
  it("changes a practice; its members show the new abbreviation and region", async () => {
    const members = (await backend.api.get("/Members/getMembersTableData", { token: backend.staff.token, query: { pageNum: 1, pageSize: 15 } })).body.members;
    const practiceId = members[0].practiceId;
    const practice = (await practices()).find((p) => p.id === practiceId);
    const { status, body } = await put(practiceId, { practice: `${practice.practice} North`, practiceabbr: "NEW-ABBR", region: "OTD", brands: practice.brands });
    expect(status).toBe(200);
    expect(body).toEqual({ id: practiceId, practice: `${practice.practice} North`, practiceabbr: "NEW-ABBR", region: "OTD", brands: practice.brands });
    const listed = await backend.api.get("/Members/getMembersTableData", {
      token: backend.staff.token,
      query: { pageNum: 1, pageSize: 15, practice: String(practiceId), region: "OTD" },
    });
    expect(listed.body.members.length).toBeGreaterThan(0);
    expect(listed.body.members.every((member: any) => member.Practice === "NEW-ABBR")).toBe(true);
  });

  it("answers 409 for another practice's abbreviation, 404 for an unknown practice, 400 naming id", async () => {
    const [first, second] = await practices();
    const taken = await put(second.id, { practice: second.practice, practiceabbr: first.practiceabbr, region: second.region, brands: second.brands });
    expect(taken.status).toBe(409);
    expect(fieldsOf(taken.body)).toEqual(["practiceabbr"]);
    const same = await put(second.id, { practice: second.practice, practiceabbr: second.practiceabbr, region: second.region, brands: second.brands });
    expect(same.status).toBe(200);
    expect((await put(987654, { practice: "X", practiceabbr: "X", region: "OTD", brands: [] })).status).toBe(404);
    expect(fieldsOf((await put("x", { practice: "X", practiceabbr: "X", region: "OTD", brands: [] })).body)).toContain("id");
    expect((await put(first.id, { practice: "X", practiceabbr: "X", region: "OTD", brands: [] }, backend.staff.token)).status).toBe(403);
  });
});

describe("GET /regions and PUT /regions/{name}", () => {
  it("lists the four regions by name with their names and numbers of practices", async () => {
    const list = await regions();
    expect(list.map((region) => region.name)).toEqual(["3CD", "FSD", "OTD", "SMD"]);
    const all = await practices();
    for (const region of list) expect(region.practices).toBe(all.filter((p) => p.region === region.name).length);
    expect((await backend.api.get("/regions", { token: backend.staff.token })).status).toBe(403);
  });

  it("names a region", async () => {
    const { status, body } = await backend.api.put("/regions/{name}", { token: backend.admin.token, path: { name: "OTD" }, body: { title: "  Bright Path Dental North " } });
    expect(status).toBe(200);
    expect(body).toMatchObject({ name: "OTD", title: "Bright Path Dental North" });
    expect((await regions()).find((region) => region.name === "OTD").title).toBe("Bright Path Dental North");
  });

  it("answers 400 naming name or title, 404 for a region there is not, and 403 to other staff", async () => {
    expect(fieldsOf((await backend.api.put("/regions/{name}", { token: backend.admin.token, path: { name: "north!" }, body: { title: "North" } })).body)).toContain("name");
    expect(fieldsOf((await backend.api.put("/regions/{name}", { token: backend.admin.token, path: { name: "SMD" }, body: { title: " " } })).body)).toContain("title");
    expect((await backend.api.put("/regions/{name}", { token: backend.admin.token, path: { name: "NORTH" }, body: { title: "North" } })).status).toBe(404);
    expect((await backend.api.put("/regions/{name}", { token: backend.staff.token, path: { name: "SMD" }, body: { title: "North" } })).status).toBe(403);
  });

  it("answers 409 naming title for another region's name, in any case, and keeps the name", async () => {
    const before = await regions();
    const smd = before.find((region) => region.name === "SMD");
    const { status, body } = await backend.api.put("/regions/{name}", { token: backend.admin.token, path: { name: "FSD" }, body: { title: smd.title.toUpperCase() } });
    expect(status).toBe(409);
    expect(body.message).toBe(`SMD is called ${smd.title.toUpperCase()} already`);
    expect(fieldsOf(body)).toEqual(["title"]);
    expect(await regions()).toEqual(before);
  });

  it("shows the new name in every list of regions staff read", async () => {
    await backend.api.put("/regions/{name}", { token: backend.admin.token, path: { name: "FSD" }, body: { title: "Family Smiles South" } });
    const members = (await backend.api.get("/Members/regionsList", { token: backend.staff.token })).body.regionsList;
    const report = (await backend.api.get("/report/regionsList", { token: backend.staff.token })).body.regionList;
    for (const list of [members, report]) expect(list.find((region: any) => region.name === "FSD").title).toBe("Family Smiles South");
  });
});

const addRegion = (body: unknown, token = backend.admin.token) => backend.api.post("/regions", { token, body });
const removeRegion = (name: string, token = backend.admin.token) => backend.api.delete("/regions/{name}", { token, path: { name } });

describe("POST /regions", () => {
  it("adds a region, its code upper case, to every list of regions; a practice may join it and its filter keeps it", async () => {
    const { status, body } = await addRegion({ name: " ntx ", title: " North  Texas " });
    expect(status).toBe(201);
    expect(body).toEqual({ name: "NTX", title: "North Texas", practices: 0 });
    expect(await regions()).toContainEqual(body);
    const listed = (await backend.api.get("/Members/regionsList", { token: backend.staff.token })).body.regionsList;
    expect(listed.find((region: any) => region.name === "NTX")).toMatchObject({ title: "North Texas", UdaPracticeInfo: [] });
    const practice = (await add({ practice: "North Texas Denton", practiceabbr: "NT-DENT", region: "NTX", brands: ["denta"] })).body;
    const inRegion = await backend.api.get("/practice/list/byregion/{region}", { token: backend.staff.token, path: { region: "NTX" } });
    expect(inRegion.body).toEqual([practice]);
    expect((await regions()).find((region) => region.name === "NTX").practices).toBe(1);
  });

  it("answers 409 naming name for a code in use and title for a name in use, in any case, and adds nothing", async () => {
    const before = await regions();
    const code = await addRegion({ name: "smd", title: "Somewhere Else" });
    expect(code.status).toBe(409);
    expect(code.body.message).toBe("There is a region SMD already");
    expect(fieldsOf(code.body)).toEqual(["name"]);
    const title = await addRegion({ name: "SMX", title: before.find((region) => region.name === "SMD").title.toLowerCase() });
    expect(title.status).toBe(409);
    expect(fieldsOf(title.body)).toEqual(["title"]);
    expect(await regions()).toEqual(before);
  });

  it("answers 400 naming name and title, and 403 to other staff", async () => {
    const invalid = await addRegion({ name: "N TX", title: "" });
    expect(invalid.status).toBe(400);
    expect(fieldsOf(invalid.body)).toEqual(expect.arrayContaining(["name", "title"]));
    expect(fieldsOf((await addRegion({ name: "ABCDEFGHIJK", title: "Long" })).body)).toContain("name");
    expect((await addRegion({ name: "STF", title: "Staff's" }, backend.staff.token)).status).toBe(403);
    expect((await regions()).some((region) => region.name === "STF" || region.name === "N TX")).toBe(false);
  });
});

describe("DELETE /regions/{name}", () => {
  it("refuses a region with practices with 409 naming them, and removes nothing", async () => {
    const otd = (await practices()).filter((p) => p.region === "OTD").map((p) => p.practiceabbr).sort();
    const { status, body } = await removeRegion("OTD");
    expect(status).toBe(409);
    expect(body.message).toBe(`OTD has practices: ${otd.join(", ")}. Move them to another region first`);
    expect(fieldsOf(body)).toEqual(["name"]);
    expect((await regions()).some((region) => region.name === "OTD")).toBe(true);
  });

  it("removes a region without practices from every list; its filters are then refused naming region", async () => {
    await addRegion({ name: "GONE", title: "Soon gone" });
    expect((await removeRegion("GONE")).status).toBe(204);
    expect((await regions()).some((region) => region.name === "GONE")).toBe(false);
    const listed = (await backend.api.get("/Members/regionsList", { token: backend.staff.token })).body.regionsList;
    expect(listed.some((region: any) => region.name === "GONE")).toBe(false);
    const filtered = await backend.api.get("/Members/getMembersTableData", { token: backend.staff.token, query: { pageNum: 1, pageSize: 15, region: "GONE" } });
    expect(filtered.status).toBe(400);
    expect(fieldsOf(filtered.body)).toEqual(["region"]);
    const status = await backend.api.get("/Members/members-status-report", {
      token: backend.staff.token,
      query: { params: JSON.stringify({ brand: "all", region: "GONE", practice: [], mco: "all", result: "all" }) },
    });
    expect(fieldsOf(status.body)).toEqual(["params.region"]);
    expect((await removeRegion("GONE")).status).toBe(404);
  });

  it("answers 400 naming name and 403 to other staff", async () => {
    expect(fieldsOf((await removeRegion("no way")).body)).toContain("name");
    expect((await removeRegion("3CD", backend.staff.token)).status).toBe(403);
  });
});
