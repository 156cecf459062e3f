// @vitest-environment node
// A recording taken in by "Import call recordings" played through its download link, as a browser's
// audio element asks for it: the whole file, Range requests (206 with exactly those bytes), a range
// past the end (416), from a bucket (s3rver in this process) and from a folder; and a recording too
// long to hold in memory at once, served a range at a time. On PGlite, and on PostgreSQL 15 when
// DATABASE_URL_TEST is set.
import { truncateSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { JOBS } from "../../../domain/jobs.ts";
import { loadConfig } from "../../config.ts";
import { executeJob } from "../../jobs/runner.ts";
import { startFolderPlace, startS3Place, WAV, type RecordingsPlace } from "../../../tests/support/recordingsSource.ts";
import { ADMIN_EMAIL, bearer, ENGINES, startTestApp, STAFF_EMAIL, type TestApp } from "../../../tests/support/testApp.ts";
import { importRecordings } from "./importRecordings.ts";

vi.setConfig({ testTimeout: 120_000 });

const RECORDINGS_JOB = JOBS.find((job) => job.key === "import-recordings")!.id;
/** A WAV header and 256 kB of bytes that differ from place to place, so a wrong offset shows. */
const AUDIO = Buffer.concat([WAV, Buffer.from(Array.from({ length: 256 * 1024 }, (_, index) => (index * 7) % 251))]);
/** Past what Node reads into one buffer (2 GiB): only a stream can serve it. */
const LONGER_THAN_A_BUFFER = 2 ** 31 + 4096;

const places = {} as Record<"bucket" | "folder", RecordingsPlace>;
let testApp: TestApp;

/** Drops one recording under the plain layout at `time`, imports it, and answers its download link's path and its row's locator. */
async function importedRecording(where: "bucket" | "folder", time: string) {
  const { db } = testApp.database;
  const practice = await db.selectFrom("practices").select("abbr").orderBy("id").limit(1).executeTakeFirstOrThrow();
  const key = `2026-11-16/${practice.abbr}/Recare/7135550101_${STAFF_EMAIL}_${time}.wav`;
  await places[where].put(key, AUDIO);
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: "memory://", ...places[where].env });
  await executeJob({ db, config }, RECORDINGS_JOB, { trigger: "schedule", runner: importRecordings });
  const row = await db.selectFrom("call_recordings").select(["file_path", "audio_in"]).where("url", "=", key).executeTakeFirstOrThrow();
  expect(row.audio_in).toBe("source");
  const token = await testApp.sessionOf(ADMIN_EMAIL);
  const issued = await testApp.app.inject({ method: "GET", url: `/api/call-recordings/downloadCallRecording?key=${encodeURIComponent(key)}&title=call.wav`, headers: bearer(token) });
  expect(issued.statusCode).toBe(200);
  return { link: new URL(issued.json().data as string).pathname, filePath: row.file_path! };
}

const fetchRange = (link: string, range?: string) => testApp.app.inject({ method: "GET", url: link, headers: range ? { range } : {} });

describe.each(ENGINES)("an imported recording played from its link (%s)", (engine) => {
  beforeAll(async () => {
    places.bucket = await startS3Place();
    places.folder = await startFolderPlace();
    // The server reads the bucket's recordings through the phone system's settings; a folder's locator needs none.
    testApp = await startTestApp({ engine, env: places.bucket.env });
  }, 120_000);
  afterAll(async () => {
    await testApp?.close();
    await Promise.all(Object.values(places).map((place) => place.close()));
  });

  it.each(["bucket", "folder"] as const)("from a %s: whole, by ranges as a player seeks, and 416 past its end", async (where) => {
    const { link } = await importedRecording(where, where === "bucket" ? "093005" : "093006");

    const whole = await fetchRange(link);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["accept-ranges"]).toBe("bytes");
    expect(whole.rawPayload.equals(AUDIO)).toBe(true);

    const middle = await fetchRange(link, "bytes=100000-165535");
    expect(middle.statusCode).toBe(206);
    expect(middle.headers["content-range"]).toBe(`bytes 100000-165535/${AUDIO.length}`);
    expect(middle.headers["content-length"]).toBe("65536");
    expect(middle.rawPayload.equals(AUDIO.subarray(100000, 165536))).toBe(true);

    const tail = await fetchRange(link, "bytes=-10");
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(AUDIO.subarray(-10))).toBe(true);

    const beyond = await fetchRange(link, `bytes=${AUDIO.length}-`);
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers["content-range"]).toBe(`bytes */${AUDIO.length}`);
  });

  it("serves a range of a recording longer than memory holds at once, reading only that range", async () => {
    const { link, filePath } = await importedRecording("folder", "093007");
    // The phone system's file grows to hours of audio (sparse: no disk is used for it).
    truncateSync(fileURLToPath(filePath), LONGER_THAN_A_BUFFER);

    const last = await fetchRange(link, `bytes=${LONGER_THAN_A_BUFFER - 65536}-`);
    expect(last.statusCode).toBe(206);
    expect(last.headers["content-range"]).toBe(`bytes ${LONGER_THAN_A_BUFFER - 65536}-${LONGER_THAN_A_BUFFER - 1}/${LONGER_THAN_A_BUFFER}`);
    expect(last.rawPayload.equals(Buffer.alloc(65536))).toBe(true);

    const first = await fetchRange(link, "bytes=0-1023");
    expect(first.statusCode).toBe(206);
    expect(first.rawPayload.equals(AUDIO.subarray(0, 1024))).toBe(true);
  });
});
