// The help tag: help items per screen, their management by administrators, and the notifications
// every user gets of a new item.
import { describe, expect, it } from "vitest";
import { fieldsOf, useBackend } from "./fixtures";

const backend = useBackend();

interface HelpItem {
  id: number;
  heading: string;
  fileLinks: string;
  pageId: string;
  parentPageId: string;
}

const pageParams = (pageId: string) => ({ params: JSON.stringify({ pageId }) });
/** Sorted by heading (by code point, as every text order of the contract), ties by id. */
const inHeadingOrder = (items: HelpItem[]) =>
  items.every((item, index) => {
    const before = items[index - 1];
    if (!before) return true;
    return before.heading < item.heading || (before.heading === item.heading && before.id < item.id);
  });
const linksOf = (item: HelpItem) => (item.fileLinks === "" ? [] : item.fileLinks.split(","));

const newItem = {
  heading: "Calling a member back",
  description: "When the member asks for a call back, choose Contact Made Call Back.",
  fileLinks: "https://help.recalldesk.example/call-back.mp4,https://help.recalldesk.example/call-back.pdf",
  parentPageId: "members",
  pageId: "members/all",
  type: "guide",
};

describe("GET /helpMark/help and GET /helpMark/help/{id}", () => {
  it("lists every help item sorted by heading, with video and PDF links (some items have none)", async () => {
    const { status, body } = await backend.api.get("/helpMark/help", { token: backend.staff.token });
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThan(0);
    expect(inHeadingOrder(body)).toBe(true);
    const links = body.flatMap(linksOf);
    expect(links.some((link: string) => link.endsWith(".mp4"))).toBe(true);
    expect(links.some((link: string) => link.endsWith(".pdf"))).toBe(true);
    for (const link of links) expect(link).toMatch(/^https?:\/\/\S+\.(mp4|pdf)$/);
  });

  it("answers one item by id, and 404 for an unknown id", async () => {
    const [first] = (await backend.api.get("/helpMark/help", { token: backend.staff.token })).body;
    const one = await backend.api.get("/helpMark/help/{id}", { token: backend.staff.token, path: { id: first.id } });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(first);
    expect((await backend.api.get("/helpMark/help/{id}", { token: backend.staff.token, path: { id: 999999 } })).status).toBe(404);
  });

  it("answers 400 naming id for an id that is not a number", async () => {
    const { status, body } = await backend.api.get("/helpMark/help/{id}", { token: backend.staff.token, path: { id: "first" } });
    expect(status).toBe(400);
    expect(fieldsOf(body)).toContain("id");
  });
});

describe("GET /helpMark/{params}", () => {
  it("answers the dashboard's help items only, sorted by heading", async () => {
    const { status, body } = await backend.api.get("/helpMark/{params}", { token: backend.staff.token, path: pageParams("dashboard") });
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThan(0);
    expect(body.every((item: HelpItem) => item.pageId === "dashboard")).toBe(true);
    expect(inHeadingOrder(body)).toBe(true);
  });

  it("answers an empty list for a screen without help", async () => {
    const { status, body } = await backend.api.get("/helpMark/{params}", { token: backend.staff.token, path: pageParams("no-such-screen") });
    expect(status).toBe(200);
    expect(body).toEqual([]);
  });

  it("answers 400 naming params.pageId for a page id with spaces", async () => {
    const { status, body } = await backend.api.get("/helpMark/{params}", { token: backend.staff.token, path: pageParams("my page") });
    expect(status).toBe(400);
    expect(fieldsOf(body)).toContain("params.pageId");
  });
});

describe("POST and PUT /helpMark/help (administrators)", () => {
  it("creates an item that the lists show and that every user is notified of", async () => {
    const created = await backend.api.post("/helpMark/help", { token: backend.admin.token, body: newItem });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject(newItem);
    expect(created.body.id).toBeGreaterThan(0);

    const page = (await backend.api.get("/helpMark/{params}", { token: backend.staff.token, path: pageParams("members/all") })).body;
    expect(page).toContainEqual(created.body);
    const one = await backend.api.get("/helpMark/help/{id}", { token: backend.staff.token, path: { id: created.body.id } });
    expect(one.body).toEqual(created.body);

    for (const who of [backend.staff, backend.admin]) {
      const notifications = (await backend.api.get("/helpMark/notifications/{id}", { token: who.token, path: { id: who.user.id } })).body;
      expect(notifications[0]).toMatchObject({ helpId: created.body.id, heading: newItem.heading, seen: false });
    }
  });

  it("replaces an item whole", async () => {
    const { body: created } = await backend.api.post("/helpMark/help", { token: backend.admin.token, body: { ...newItem, heading: "Before" } });
    const replacement = { id: created.id, ...newItem, heading: "After", fileLinks: "", type: "faq", pageId: "dashboard", parentPageId: "" };
    const { status, body } = await backend.api.put("/helpMark/help", { token: backend.admin.token, body: replacement });
    expect(status).toBe(200);
    expect(body).toMatchObject(replacement);

    const read = await backend.api.get("/helpMark/help/{id}", { token: backend.staff.token, path: { id: created.id } });
    expect(read.body).toMatchObject(replacement);
    const dashboard = (await backend.api.get("/helpMark/{params}", { token: backend.staff.token, path: pageParams("dashboard") })).body;
    expect(dashboard.map((item: HelpItem) => item.id)).toContain(created.id);
  });

  it("accepts an item read back as it is (its links are URLs)", async () => {
    const [first] = (await backend.api.get("/helpMark/help", { token: backend.staff.token })).body;
    const { updatedAt: _updatedAt, ...item } = first;
    const { status } = await backend.api.put("/helpMark/help", { token: backend.admin.token, body: item });
    expect(status).toBe(200);
  });

  it("refuses staff who are not administrators (403) and creates nothing", async () => {
    const heading = `Not by staff ${crypto.randomUUID()}`;
    const { status } = await backend.api.post("/helpMark/help", { token: backend.staff.token, body: { ...newItem, heading } });
    expect(status).toBe(403);
    const all = (await backend.api.get("/helpMark/help", { token: backend.staff.token })).body;
    expect(all.some((item: HelpItem) => item.heading === heading)).toBe(false);
  });

  it("answers 404 when replacing an unknown item", async () => {
    const { status } = await backend.api.put("/helpMark/help", { token: backend.admin.token, body: { id: 999999, ...newItem } });
    expect(status).toBe(404);
  });

  it("refuses a blank heading, links that are not URLs and an unknown type, naming them", async () => {
    const { status, body } = await backend.api.post("/helpMark/help", {
      token: backend.admin.token,
      body: { ...newItem, heading: " ", fileLinks: "video.mp4", type: "tutorial" },
    });
    expect(status).toBe(400);
    expect(fieldsOf(body)).toEqual(expect.arrayContaining(["heading", "fileLinks", "type"]));
  });

  it("refuses a link that only looks like a URL, writing neither the item nor any notification", async () => {
    const { admin, staff } = backend;
    const unseen = async () => (await backend.api.get("/helpMark/notifications/{id}", { token: staff.token, path: { id: staff.user.id } })).body;
    const notificationsBefore = await unseen();
    const heading = "Broken link";
    const created = await backend.api.post("/helpMark/help", { token: admin.token, body: { ...newItem, heading, fileLinks: "http://[" } });
    expect(created.status).toBe(400);
    expect(created.body.details).toEqual([{ field: "fileLinks", message: "must list http(s) URLs separated by commas" }]);
    const list = await backend.api.get("/helpMark/help", { token: staff.token });
    expect(list.status).toBe(200);
    expect(list.body.some((item: HelpItem) => item.heading === heading)).toBe(false);
    expect(await unseen()).toEqual(notificationsBefore);

    const [first] = list.body;
    const replaced = await backend.api.put("/helpMark/help", { token: admin.token, body: { ...newItem, id: first.id, fileLinks: `${newItem.fileLinks},http://[::1` } });
    expect(replaced.status).toBe(400);
    expect((await backend.api.get("/helpMark/help/{id}", { token: staff.token, path: { id: first.id } })).body).toEqual(first);
  });

  it("refuses a replacement without its id", async () => {
    const { status, body } = await backend.api.put("/helpMark/help", { token: backend.admin.token, body: newItem });
    expect(status).toBe(400);
    expect(fieldsOf(body)).toContain("id");
  });
});

describe("help notifications", () => {
  it("lists the user's unseen notifications newest first; marking them seen removes them", async () => {
    const agent = backend.staff;
    await backend.api.post("/helpMark/help", { token: backend.admin.token, body: { ...newItem, heading: "Newest" } });
    const before = (await backend.api.get("/helpMark/notifications/{id}", { token: agent.token, path: { id: agent.user.id } })).body;
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((n: { seen: boolean }) => !n.seen)).toBe(true);
    const times = before.map((n: { createdAt: string }) => Date.parse(n.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const marked = await backend.api.put("/helpMark/notifications", { token: agent.token, body: { ids: [before[0].id] } });
    expect(marked.status).toBe(200);
    expect(marked.body).toEqual({ updated: 1 });
    const after = (await backend.api.get("/helpMark/notifications/{id}", { token: agent.token, path: { id: agent.user.id } })).body;
    expect(after.map((n: { id: number }) => n.id)).toEqual(before.slice(1).map((n: { id: number }) => n.id));

    const again = await backend.api.put("/helpMark/notifications", { token: agent.token, body: { ids: [before[0].id] } });
    expect(again.body).toEqual({ updated: 0 });
  });

  it("skips another user's notifications when marking", async () => {
    const adminList = (await backend.api.get("/helpMark/notifications/{id}", { token: backend.admin.token, path: { id: backend.admin.user.id } })).body;
    expect(adminList.length).toBeGreaterThan(0);
    const { body } = await backend.api.put("/helpMark/notifications", { token: backend.staff.token, body: { ids: [adminList[0].id] } });
    expect(body).toEqual({ updated: 0 });
    const still = (await backend.api.get("/helpMark/notifications/{id}", { token: backend.admin.token, path: { id: backend.admin.user.id } })).body;
    expect(still).toEqual(adminList);
  });

  it("refuses another user's notifications to staff, answers them to administrators, and 404 for an unknown user", async () => {
    expect((await backend.api.get("/helpMark/notifications/{id}", { token: backend.staff.token, path: { id: backend.admin.user.id } })).status).toBe(403);
    expect((await backend.api.get("/helpMark/notifications/{id}", { token: backend.admin.token, path: { id: backend.staff.user.id } })).status).toBe(200);
    expect((await backend.api.get("/helpMark/notifications/{id}", { token: backend.admin.token, path: { id: 999999 } })).status).toBe(404);
  });

  it("answers 400 naming id for a user id that is not a number", async () => {
    const { status, body } = await backend.api.get("/helpMark/notifications/{id}", { token: backend.staff.token, path: { id: "me" } });
    expect(status).toBe(400);
    expect(fieldsOf(body)).toContain("id");
  });

  it("refuses an empty list of ids, naming ids", async () => {
    const { status, body } = await backend.api.put("/helpMark/notifications", { token: backend.staff.token, body: { ids: [] } });
    expect(status).toBe(400);
    expect(fieldsOf(body)).toContain("ids");
  });
});
