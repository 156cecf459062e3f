// @vitest-environment node
// The file store in the database, and files of the former folders moving into it when first asked for.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../db/connection.ts";
import { migrateToLatest } from "../db/migrate.ts";
import type { FileStore } from "./fileStore.ts";
import { databaseFileStore } from "./storedFiles.repository.ts";
import { pathInside, statWithFolder } from "./folderImport.ts";

let database: DatabaseHandle;
let files: FileStore;

beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory://" });
  await migrateToLatest(database.db);
  files = databaseFileStore(database.db);
}, 60_000);
afterAll(() => database?.close());

describe("the file store", () => {
  it("keeps a file whole, replaces it on put, leaves it on add, and removes it", async () => {
    const bytes = Uint8Array.from({ length: 300 }, (_, index) => index % 256);
    await files.put("help", "guide.pdf", bytes, "application/pdf");
    expect(await files.stat("help", "guide.pdf")).toEqual({ contentType: "application/pdf", size: 300 });
    expect((await files.read("help", "guide.pdf"))?.content.equals(Buffer.from(bytes))).toBe(true);
    expect(await files.add("help", "guide.pdf", Buffer.from("other"), "application/pdf")).toBe(false);
    expect((await files.read("help", "guide.pdf"))?.size).toBe(300);
    await files.put("help", "guide.pdf", Buffer.from("v2"), "application/pdf");
    expect((await files.read("help", "guide.pdf"))?.content.toString()).toBe("v2");
    expect(await files.read("recordings", "guide.pdf")).toBeUndefined();
    expect(await files.remove("help", "guide.pdf")).toBe(true);
    expect(await files.remove("help", "guide.pdf")).toBe(false);
  });

  it("reads a range of bytes, with the whole file's size", async () => {
    await files.put("help", "tour.mp4", Buffer.from("0123456789"), "video/mp4");
    const part = await files.read("help", "tour.mp4", { start: 2, end: 5 });
    expect([part?.content.toString(), part?.size]).toEqual(["2345", 10]);
  });
});

describe("files of a former folder", () => {
  const dir = mkdtempSync(join(tmpdir(), "recall-desk-folder-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("move into the store when first asked for, and are served from it after", async () => {
    mkdirSync(join(dir, "2026-11-16"));
    writeFileSync(join(dir, "2026-11-16", "a.mp3"), "audio");
    const found = await statWithFolder(files, "recordings", "2026-11-16/a.mp3", dir, () => "audio/mpeg");
    expect(found).toEqual({ contentType: "audio/mpeg", size: 5 });
    rmSync(join(dir, "2026-11-16", "a.mp3"));
    expect((await files.read("recordings", "2026-11-16/a.mp3"))?.content.toString()).toBe("audio");
    expect(await statWithFolder(files, "recordings", "2026-11-16/missing.mp3", dir, () => "audio/mpeg")).toBeUndefined();
  });

  it("never leave the folder", () => {
    expect(pathInside("/srv/recordings", "2026-11-16/SM-A/a.mp3")).toBe("/srv/recordings/2026-11-16/SM-A/a.mp3");
    expect(pathInside("/srv/recordings", "../secrets/a.mp3")).toBeUndefined();
    expect(pathInside("/srv/recordings", "/etc/passwd")).toBeUndefined();
    expect(pathInside("/srv/recordings", "")).toBeUndefined();
  });
});
