// @vitest-environment node
// Help items and notifications on a small fixed set, against answers worked out by hand, on a fake
// clock; and the help files served without a session. Runs on PGlite, and on PostgreSQL 15 with
// DATABASE_URL_TEST.
//   items:         1 "Zeta tour" (dashboard; a stored video and an outside PDF), 2 "alpha notes"
//                  (dashboard; no files), 3 "Beta guide" (members/all; a stored PDF)
//   notifications: 1 item 1 staff 11-01, 2 item 3 staff 11-03, 3 item 2 staff 11-03, 4 item 1 staff
//                  seen, 5 item 1 admin
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { openSession } from "../auth/sessions.repository.ts";
import { loadConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/connection.ts";
import { freshTestDatabase } from "../../tests/support/testDatabase.ts";

const ADMIN = 1;
const STAFF = 2;
const VIDEO = fileURLToPath(new URL("../../demo/files/help/app-tour.mp4", import.meta.url));

let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof buildApp>>;
let helpDir: string;
// Steps of the clock stay inside the sessions' 30 idle minutes.
let now = new Date("2026-11-16T12:00:00.000Z");
const headers: Record<number, { authorization: string }> = {};

beforeAll(async () => {
  helpDir = mkdtempSync(join(tmpdir(), "recall-desk-help-test-"));
  copyFileSync(VIDEO, join(helpDir, "app-tour.mp4"));
  writeFileSync(join(helpDir, "notes.txt"), "not a help file");
  writeFileSync(join(helpDir, ".hidden.pdf"), "%PDF-");
  database = await freshTestDatabase();
  const { db } = database;
  await db
    .insertInto("users")
    .values([
      { id: ADMIN, email: "admin@recalldesk.example", firstname: "Ada", lastname: "Admin", is_admin: true, default_page: "/dashboard", password_hash: null },
      { id: STAFF, email: "staff@recalldesk.example", firstname: "Sam", lastname: "Staff", default_page: "/dashboard", password_hash: null },
    ])
    .execute();
  const item = (id: number, heading: string, page_id: string, file_links: string) => ({
    id,
    heading,
    description: `About ${heading}`,
    file_links,
    parent_page_id: "",
    page_id,
    type: "guide",
    updated_at: "2026-11-01T00:00:00.000Z",
  });
  await db
    .insertInto("help_items")
    .values([
      item(1, "Zeta tour", "dashboard", "/api/files/help/app-tour.mp4,https://cdn.example/z.pdf"),
      item(2, "alpha notes", "dashboard", ""),
      item(3, "Beta guide", "members/all", "/api/files/help/reports-guide.pdf"),
    ])
    .execute();
  await db
    .insertInto("help_notifications")
    .values([
      { id: 1, help_id: 1, user_id: STAFF, created_at: "2026-11-01T00:00:00.000Z", seen: false },
      { id: 2, help_id: 3, user_id: STAFF, created_at: "2026-11-03T00:00:00.000Z", seen: false },
      { id: 3, help_id: 2, user_id: STAFF, created_at: "2026-11-03T00:00:00.000Z", seen: false },
      { id: 4, help_id: 1, user_id: STAFF, created_at: "2026-11-05T00:00:00.000Z", seen: true },
      { id: 5, help_id: 1, user_id: ADMIN, created_at: "2026-11-01T00:00:00.000Z", seen: false },
    ])
    .execute();
  // New items and notifications get ids from 101 on.
  for (const table of ["help_items", "help_notifications"]) await sql`select setval(pg_get_serial_sequence(${table}, 'id'), 100)`.execute(db);
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: "memory://", HELP_FILES_DIR: helpDir });
  app = await buildApp({ config, database, now: () => now });
  const rules = { idleMs: config.sessionIdleMs, lifetimeMs: config.sessionLifetimeMs };
  for (const id of [ADMIN, STAFF]) headers[id] = { authorization: `Bearer ${(await openSession(db, id, rules, now)).token}` };
}, 60_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(helpDir, { recursive: true, force: true });
});

const call = (method: "GET" | "POST" | "PUT", url: string, who: number, payload?: object) =>
  app.inject({ method, url, headers: headers[who], ...(payload ? { payload } : {}) });
const idsOf = (body: { id: number }[]) => body.map((entry) => entry.id);

describe("reading help items", () => {
  it("lists every item by heading in code point order, stored paths made absolute on the caller's origin", async () => {
    const answer = await call("GET", "/api/helpMark/help", STAFF);
    expect(idsOf(answer.json())).toEqual([3, 1, 2]);
    expect(answer.json()[1]).toEqual({
      id: 1,
      heading: "Zeta tour",
      description: "About Zeta tour",
      fileLinks: "http://localhost/api/files/help/app-tour.mp4,https://cdn.example/z.pdf",
      parentPageId: "",
      pageId: "dashboard",
      type: "guide",
      updatedAt: "2026-11-01T00:00:00.000Z",
    });
  });

  it("answers one screen's items; 404 for an id of no row, 400 for one beyond PostgreSQL's integer", async () => {
    const page = await call("GET", `/api/helpMark/${encodeURIComponent(JSON.stringify({ pageId: "dashboard" }))}`, STAFF);
    expect(idsOf(page.json())).toEqual([1, 2]);
    expect((await call("GET", `/api/helpMark/help/${2 ** 31 - 1}`, STAFF)).statusCode).toBe(404);
    expect((await call("GET", `/api/helpMark/help/${2 ** 31}`, STAFF)).statusCode).toBe(400);
  });
});

describe("help notifications", () => {
  it("lists the user's unseen ones newest first, ties by id descending, with the item's heading", async () => {
    const answer = await call("GET", `/api/helpMark/notifications/${STAFF}`, STAFF);
    expect(answer.json()).toEqual([
      { id: 3, helpId: 2, heading: "alpha notes", createdAt: "2026-11-03T00:00:00.000Z", seen: false },
      { id: 2, helpId: 3, heading: "Beta guide", createdAt: "2026-11-03T00:00:00.000Z", seen: false },
      { id: 1, helpId: 1, heading: "Zeta tour", createdAt: "2026-11-01T00:00:00.000Z", seen: false },
    ]);
  });

  it("marks only the caller's own unseen ones, counting them", async () => {
    const marked = await call("PUT", "/api/helpMark/notifications", STAFF, { ids: [1, 4, 5, 99, 2 ** 31 - 1] });
    expect(marked.json()).toEqual({ updated: 1 });
    expect(idsOf((await call("GET", `/api/helpMark/notifications/${STAFF}`, STAFF)).json())).toEqual([3, 2]);
    expect(idsOf((await call("GET", `/api/helpMark/notifications/${ADMIN}`, ADMIN)).json())).toEqual([5]);
  });

  it("answers another user's list to administrators only, and 404 for a user who does not exist", async () => {
    expect((await call("GET", `/api/helpMark/notifications/${ADMIN}`, STAFF)).statusCode).toBe(403);
    expect((await call("GET", `/api/helpMark/notifications/${STAFF}`, ADMIN)).statusCode).toBe(200);
    expect((await call("GET", "/api/helpMark/notifications/999", ADMIN)).statusCode).toBe(404);
    expect((await call("GET", `/api/helpMark/notifications/${2 ** 31 - 1}`, ADMIN)).statusCode).toBe(404);
    expect((await call("GET", `/api/helpMark/notifications/${2 ** 31}`, ADMIN)).statusCode).toBe(400);
  });
});

describe("writing help items", () => {
  const content = { heading: "Calling back", description: "How", fileLinks: "https://cdn.example/c.mp4", parentPageId: "members", pageId: "members/all", type: "faq" };

  it("creates an item stamped with the clock and notifies every user of it", async () => {
    now = new Date("2026-11-16T12:10:00.000Z");
    const created = await call("POST", "/api/helpMark/help", ADMIN, content);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: 101, ...content, updatedAt: "2026-11-16T12:10:00.000Z" });
    const notified = await database.db.selectFrom("help_notifications").select(["user_id", "created_at", "seen"]).where("help_id", "=", 101).orderBy("user_id").execute();
    expect(notified.map((n) => ({ ...n, created_at: new Date(n.created_at).toISOString() }))).toEqual([
      { user_id: ADMIN, created_at: "2026-11-16T12:10:00.000Z", seen: false },
      { user_id: STAFF, created_at: "2026-11-16T12:10:00.000Z", seen: false },
    ]);
  });

  it("refuses staff (403) and writes nothing", async () => {
    const before = await database.db.selectFrom("help_items").select("id").execute();
    expect((await call("POST", "/api/helpMark/help", STAFF, content)).statusCode).toBe(403);
    expect((await call("PUT", "/api/helpMark/help", STAFF, { id: 1, ...content })).statusCode).toBe(403);
    expect(await database.db.selectFrom("help_items").select("id").execute()).toEqual(before);
    expect((await call("GET", "/api/helpMark/help/1", STAFF)).json().heading).toBe("Zeta tour");
  });

  it("replaces an item whole, stamped with the clock; 404 for an unknown id", async () => {
    now = new Date("2026-11-16T12:20:00.000Z");
    const replaced = await call("PUT", "/api/helpMark/help", ADMIN, { id: 2, ...content });
    expect(replaced.json()).toEqual({ id: 2, ...content, updatedAt: "2026-11-16T12:20:00.000Z" });
    expect((await call("GET", "/api/helpMark/help/2", STAFF)).json()).toEqual(replaced.json());
    expect((await call("PUT", "/api/helpMark/help", ADMIN, { id: 999, ...content })).statusCode).toBe(404);
    expect((await call("PUT", "/api/helpMark/help", ADMIN, { id: 2 ** 31, ...content })).statusCode).toBe(400);
  });

  it("refuses a link that is no URL before writing: no item, no notification", async () => {
    const count = async (table: "help_items" | "help_notifications") =>
      Number((await database.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow()).n);
    const before = { items: await count("help_items"), notifications: await count("help_notifications") };
    const refused = await call("POST", "/api/helpMark/help", ADMIN, { ...content, fileLinks: "http://[" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([{ field: "fileLinks", message: "must list http(s) URLs separated by commas" }]);
    expect({ items: await count("help_items"), notifications: await count("help_notifications") }).toEqual(before);
  });

  it("reads an item whose stored link is no URL as stored, rather than failing every reader", async () => {
    await database.db.updateTable("help_items").set({ file_links: "http://[,/api/files/help/app-tour.mp4" }).where("id", "=", 3).execute();
    const list = await call("GET", "/api/helpMark/help", STAFF);
    expect(list.statusCode).toBe(200);
    expect(list.json().find((item: { id: number }) => item.id === 3).fileLinks).toBe("http://[,http://localhost/api/files/help/app-tour.mp4");
  });
});

describe("help files", () => {
  it("serves a help video without a session, byte for byte, and a range of it", async () => {
    const whole = await app.inject({ method: "GET", url: "/api/files/help/app-tour.mp4" });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["content-type"]).toBe("video/mp4");
    expect(whole.rawPayload.equals(readFileSync(VIDEO))).toBe(true);
    const part = await app.inject({ method: "GET", url: "/api/files/help/app-tour.mp4", headers: { range: "bytes=0-9" } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(readFileSync(VIDEO).subarray(0, 10))).toBe(true);
  });

  it("answers 404 for a missing file, other kinds of file, hidden files and paths out of the folder", async () => {
    for (const name of ["missing.pdf", "notes.txt", ".hidden.pdf", "..%2Fhelp.test.ts", "%2E%2E/package.json"]) {
      const answer = await app.inject({ method: "GET", url: `/api/files/help/${name}` });
      expect(answer.statusCode, name).toBe(404);
    }
  });

  it("stores a file an administrator uploads, served from then on to anyone", async () => {
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
    const upload = (who: number | undefined, name: string, body: Buffer, type = "application/pdf") =>
      app.inject({ method: "PUT", url: `/api/files/help/${name}`, headers: { ...(who ? headers[who] : {}), "content-type": type }, payload: body });
    expect((await upload(undefined, "new-guide.pdf", pdf)).statusCode).toBe(401);
    expect((await upload(STAFF, "new-guide.pdf", pdf)).statusCode).toBe(403);
    const badName = await upload(ADMIN, "guide.exe", pdf);
    expect([badName.statusCode, badName.json().details]).toEqual([400, [{ field: "name", message: "must be a flat name ending in .pdf or .mp4" }]]);
    expect((await upload(ADMIN, "new-guide.pdf", pdf, "text/plain")).statusCode).toBe(415);
    const notPdf = await upload(ADMIN, "new-guide.pdf", Buffer.from("plain words"));
    expect([notPdf.statusCode, notPdf.json().details]).toEqual([400, [{ field: "body", message: "is not a PDF file" }]]);
    expect((await app.inject({ method: "GET", url: "/api/files/help/new-guide.pdf" })).statusCode).toBe(404);

    const stored = await upload(ADMIN, "new-guide.pdf", pdf);
    expect([stored.statusCode, stored.json()]).toEqual([201, { name: "new-guide.pdf", size: pdf.byteLength }]);
    const served = await app.inject({ method: "GET", url: "/api/files/help/new-guide.pdf" });
    expect([served.statusCode, served.headers["content-type"]]).toEqual([200, "application/pdf"]);
    expect(served.rawPayload.equals(pdf)).toBe(true);
    const audited = await database.db.selectFrom("audit_log").select("user_id").where("action", "=", "uploadHelpFile").execute();
    expect(audited).toEqual([{ user_id: ADMIN }]);
  });

  it("answers 416 for a range past the end of the file", async () => {
    const answer = await app.inject({ method: "GET", url: "/api/files/help/app-tour.mp4", headers: { range: "bytes=999999999-" } });
    expect(answer.statusCode).toBe(416);
  });
});
