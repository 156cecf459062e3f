// @vitest-environment node
// `npm run files -- migrate --to s3` against a real S3 server in this process (s3rver): every area's
// files reach the bucket byte for byte (one large enough to go up in parts), the server serves a
// file from the database while the copy runs, a stopped run goes on without copying anything
// twice, a bucket copy that differs is replaced, and a wrong command or bucket is refused in a
// line. On PGlite, and on PostgreSQL 15 when DATABASE_URL_TEST is set.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ENGINES, startTestApp, type TestApp } from "../../tests/support/testApp.ts";
import { startS3Server, type TestS3Server } from "../../tests/support/s3Server.ts";
import type { FileArea, FileStore } from "./fileStore.ts";
import { runFilesCommand } from "./filesCommand.ts";
import { UPLOAD_PART_BYTES, s3FileStore } from "./s3FileStore.ts";
import { s3ClientOf } from "./s3Settings.ts";
import { databaseFileStore } from "./storedFiles.repository.ts";

vi.setConfig({ testTimeout: 120_000 });

const patterned = (size: number, seed: number) => Buffer.from(Array.from({ length: size }, (_, index) => (index * seed + 11) % 251));
const FILES: { area: FileArea; name: string; content: Buffer; type: string }[] = [
  { area: "help", name: "migration-guide.pdf", content: Buffer.concat([Buffer.from("%PDF-1.4\n"), patterned(3000, 3)]), type: "application/pdf" },
  { area: "imports", name: "denta/members-20261116.csv", content: Buffer.from("Subscriber,Name\nS1,Ana\n"), type: "text/csv" },
  { area: "outbox", name: "mail-17/report.csv", content: patterned(500, 5), type: "text/csv" },
  { area: "recordings", name: "2026-11-16/SM-HOUS/a.wav", content: patterned(40_000, 7), type: "audio/wav" },
  // Larger than a part: it goes up in parts, and its checksum is read back rather than taken from the ETag.
  { area: "recordings", name: "2026-11-16/SM-HOUS/long.wav", content: patterned(UPLOAD_PART_BYTES + 12_345, 13), type: "audio/wav" },
  { area: "recordings", name: "2026-11-16/SM-PASA/b.mp3", content: patterned(2000, 17), type: "audio/mpeg" },
];

const read = async (store: FileStore, area: FileArea, name: string) => (await store.read(area, name))?.content;

describe.each(ENGINES)("npm run files -- migrate --to s3 (%s)", (engine) => {
  let testApp: TestApp;
  let bucket: TestS3Server;
  let inBucket: FileStore;
  let ours: { area: FileArea; name: string }[];

  beforeAll(async () => {
    bucket = await startS3Server();
    testApp = await startTestApp({ engine });
    inBucket = s3FileStore(s3ClientOf(bucket.settings), bucket.settings);
    const database = databaseFileStore(testApp.database.db);
    for (const file of FILES) await database.put(file.area, file.name, file.content, file.type);
    const every = await testApp.database.db.selectFrom("stored_files").select(["area", "name"]).execute();
    ours = every.map(({ area, name }) => ({ area, name }));
  }, 120_000);
  afterAll(async () => {
    await testApp?.close();
    await bucket?.close();
  });

  it("stops when asked, the server serving a file from the database meanwhile, and goes on where it stopped", async () => {
    const stopping = new AbortController();
    const served: number[] = [];
    let seen = 0;
    const first = await runFilesCommand(testApp.database.db, ["migrate", "--to", "s3"], bucket.settings, {
      signal: stopping.signal,
      onFile: async () => {
        // Mid-copy, a help file is served as ever, from the database store the server still runs on.
        const answer = await testApp.app.inject({ method: "GET", url: "/api/files/help/migration-guide.pdf" });
        served.push(answer.statusCode);
        expect(answer.rawPayload.equals(FILES[0]!.content)).toBe(true);
        if (++seen === 2) stopping.abort();
      },
    });
    expect(served).toEqual([200, 200]);
    expect(first).toMatch(/^Copied 2 files \(\d+\.\d MB\) to the bucket; 0 files already there, checked\.\nStopped before the end: run the command again to go on \(nothing is copied twice\)\.$/);

    const second = await runFilesCommand(testApp.database.db, ["migrate", "--to", "s3"], bucket.settings);
    expect(second).toMatch(new RegExp(`^Copied ${ours.length - 2} files \\(\\d+\\.\\d MB\\) to the bucket; 2 files already there, checked\\.\\nEvery stored file is in the bucket: set FILE_STORE=s3 and restart the server\\.$`));
    for (const file of FILES) {
      expect((await read(inBucket, file.area, file.name))?.equals(file.content), `${file.area}/${file.name}`).toBe(true);
      expect((await inBucket.stat(file.area, file.name))?.contentType).toBe(file.type);
    }
    for (const { area, name } of ours) expect(await inBucket.stat(area, name), `${area}/${name}`).toBeDefined();

    const third = await runFilesCommand(testApp.database.db, ["migrate", "--to", "s3"], bucket.settings);
    expect(third).toMatch(new RegExp(`^Copied 0 files \\(0\\.0 MB\\) to the bucket; ${ours.length} files already there, checked\\.`));
  });

  it("replaces a copy in the bucket that is not the same bytes, even of the same size", async () => {
    const tampered = FILES[3]!;
    await inBucket.put(tampered.area, tampered.name, patterned(tampered.content.length, 19), tampered.type);
    const answer = await runFilesCommand(testApp.database.db, ["migrate", "--to", "s3"], bucket.settings);
    expect(answer).toMatch(new RegExp(`^Copied 1 file \\(0\\.0 MB\\) to the bucket; ${ours.length - 1} files already there, checked\\.`));
    expect((await read(inBucket, tampered.area, tampered.name))?.equals(tampered.content)).toBe(true);
  });

  it("refuses another command or target, and a bucket it cannot reach, in one line, copying nothing", async () => {
    const { db } = testApp.database;
    await expect(runFilesCommand(db, ["migrate", "--to", "database"], bucket.settings)).rejects.toThrow(/^--to must be s3/);
    await expect(runFilesCommand(db, ["copy"], bucket.settings)).rejects.toThrow(/^usage: npm run files -- migrate --to s3/);
    const nowhere = { ...bucket.settings, bucket: "nobody" };
    await expect(runFilesCommand(db, ["migrate", "--to", "s3"], nowhere)).rejects.toThrow(/^FILE_STORE=s3: bucket "nobody" at .* does not exist/);
  });
});
