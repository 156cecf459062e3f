// @vitest-environment node
// The file store, the same behaviour in the database and in an S3 bucket (a real S3 server in this
// process), and files of the former folders moving into it when first asked for.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { text } from "node:stream/consumers";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server, type TestS3Server } from "../../tests/support/s3Server.ts";
import { openDatabase, type DatabaseHandle } from "../db/connection.ts";
import { migrateToLatest } from "../db/migrate.ts";
import type { FileStore } from "./fileStore.ts";
import { databaseFileStore } from "./storedFiles.repository.ts";
import { s3FileStore, UPLOAD_PART_BYTES } from "./s3FileStore.ts";
import { checkBucket, s3ClientOf } from "./s3Settings.ts";
import { pathInside, statWithFolder } from "./folderImport.ts";

let database: DatabaseHandle;
let s3: TestS3Server;
const stores: Record<string, FileStore> = {};

beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory://" });
  await migrateToLatest(database.db);
  s3 = await startS3Server();
  stores.database = databaseFileStore(database.db);
  stores.s3 = s3FileStore(s3ClientOf(s3.settings), s3.settings);
}, 60_000);
afterAll(async () => {
  await s3?.close();
  await database?.close();
});

async function* chunksOf(total: number, chunk: number, failAt?: number) {
  for (let at = 0; at < total; at += chunk) {
    if (failAt !== undefined && at >= failAt) throw new Error("the source broke off");
    yield Buffer.alloc(Math.min(chunk, total - at), at / chunk);
  }
}

describe.each(["database", "s3"])("the file store in the %s", (kind) => {
  const files = () => stores[kind]!;

  it("keeps a file whole, replaces it on put, leaves it on add, and removes it", async () => {
    const bytes = Uint8Array.from({ length: 300 }, (_, index) => index % 256);
    await files().put("help", "guide.pdf", bytes, "application/pdf");
    expect(await files().stat("help", "guide.pdf")).toEqual({ contentType: "application/pdf", size: 300 });
    expect((await files().read("help", "guide.pdf"))?.content.equals(Buffer.from(bytes))).toBe(true);
    expect(await files().add("help", "guide.pdf", Buffer.from("other"), "application/pdf")).toBe(false);
    expect((await files().read("help", "guide.pdf"))?.size).toBe(300);
    await files().put("help", "guide.pdf", Buffer.from("v2"), "application/pdf");
    expect((await files().read("help", "guide.pdf"))?.content.toString()).toBe("v2");
    expect(await files().read("recordings", "guide.pdf")).toBeUndefined();
    expect(await files().stat("recordings", "guide.pdf")).toBeUndefined();
    expect(await files().remove("help", "guide.pdf")).toBe(true);
    expect(await files().remove("help", "guide.pdf")).toBe(false);
  });

  it("reads a range of bytes, with the whole file's size, also as a stream", async () => {
    await files().put("help", "tour.mp4", Buffer.from("0123456789"), "video/mp4");
    const part = await files().read("help", "tour.mp4", { start: 2, end: 5 });
    expect([part?.content.toString(), part?.size]).toEqual(["2345", 10]);
    const opened = await files().open("help", "tour.mp4", { start: 7, end: 9 });
    expect([await text(opened!.body), opened?.size, opened?.contentType]).toEqual(["789", 10, "video/mp4"]);
    expect(await text((await files().open("help", "tour.mp4"))!.body)).toBe("0123456789");
    expect(await files().open("help", "missing.mp4")).toBeUndefined();
  });

  it("stores a stream larger than one upload part, and nothing of a stream that breaks off", async () => {
    const total = UPLOAD_PART_BYTES * 2 + 12_345;
    expect(await files().putStream("recordings", "2026/11/long.wav", chunksOf(total, 1 << 20), "audio/wav")).toBe(total);
    expect(await files().stat("recordings", "2026/11/long.wav")).toEqual({ contentType: "audio/wav", size: total });
    const tail = await files().read("recordings", "2026/11/long.wav", { start: total - 3, end: total - 1 });
    expect([...tail!.content]).toEqual([16, 16, 16]);
    await expect(files().putStream("recordings", "2026/11/broken.wav", chunksOf(total, 1 << 20, UPLOAD_PART_BYTES + 1), "audio/wav")).rejects.toThrow("broke off");
    expect(await files().stat("recordings", "2026/11/broken.wav")).toBeUndefined();
    await files().remove("recordings", "2026/11/long.wav");
  });

  it("lists an area's files in name order, a page at a time, each with when it was stored", async () => {
    const before = Date.now();
    for (const name of ["b.eml", "a.eml", "c.eml"]) await files().put("outbox", name, Buffer.from(name), "message/rfc822");
    await files().put("imports", "a.csv", Buffer.from("x"), "text/csv");
    const listed = await files().list("outbox", { limit: 2 });
    expect(listed.map(({ name, size }) => ({ name, size }))).toEqual([{ name: "a.eml", size: 5 }, { name: "b.eml", size: 5 }]);
    // The bucket keeps times to the second.
    for (const file of listed) expect(file.storedAt.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);
    for (const file of listed) expect(file.storedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect((await files().list("outbox", { after: "b.eml", limit: 2 })).map((file) => file.name)).toEqual(["c.eml"]);
  });
});

describe("the database store", () => {
  it("keeps a file uncompressed, so that a range is read from the chunks it covers, not from the file's first byte", async () => {
    // Eight runs of one byte: as compressible as a file gets.
    await stores.database!.putStream("recordings", "long.wav", chunksOf(8 * 256 * 1024, 256 * 1024), "audio/wav");
    const stored = await sql<{ compression: string | null; bytes: number }>`
      select pg_column_compression(content) as compression, octet_length(content) as bytes
      from stored_files where area = 'recordings' and name = 'long.wav'`.execute(database.db);
    expect(stored.rows).toEqual([{ compression: null, bytes: 8 * 256 * 1024 }]);
    const tail = await stores.database!.read("recordings", "long.wav", { start: 7 * 256 * 1024, end: 7 * 256 * 1024 + 3 });
    expect([...tail!.content]).toEqual([7, 7, 7, 7]);
  });
});

describe("a bucket that does not answer", () => {
  it("is told in one line: wrong credentials, no such bucket, nothing listening", async () => {
    const wrongKey = { ...s3.settings, credentials: { accessKeyId: "NOBODY", secretAccessKey: "S3RVER" } };
    await expect(checkBucket(s3ClientOf(wrongKey), wrongKey)).rejects.toThrow(
      /^FILE_STORE=s3: bucket "recall-desk-test" at http:\/\/127\.0\.0\.1:\d+ refused the credentials \([\w ]+\): check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY$/,
    );
    const noBucket = { ...s3.settings, bucket: "nobody" };
    await expect(checkBucket(s3ClientOf(noBucket), noBucket)).rejects.toThrow(/^FILE_STORE=s3: bucket "nobody" at .* does not exist \([\w ]+\): check S3_BUCKET$/);
    const nowhere = { ...s3.settings, endpoint: "http://127.0.0.1:9" };
    const error = (await checkBucket(s3ClientOf(nowhere), nowhere).then(() => undefined, (thrown: unknown) => thrown)) as Error;
    expect(error.message).toMatch(/^FILE_STORE=s3: bucket "recall-desk-test" at http:\/\/127\.0\.0\.1:9 cannot be reached \(ECONNREFUSED.*\): check S3_ENDPOINT and the network$/);
    expect(error.message).not.toContain("\n");
  });
});

describe("files of a former folder", () => {
  const dir = mkdtempSync(join(tmpdir(), "recall-desk-folder-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("move into the store when first asked for, and are served from it after", async () => {
    const files = stores.database!;
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
