// @vitest-environment node
// "Remove old call recordings' audio" on each file store (the database; a bucket of s3rver in this
// process) and on an imported recording whose audio is in the phone system's folder: a dry run
// first that counts and removes nothing, then the audio past RECORDINGS_RETENTION_DAYS removed, the
// rows kept and marked, an audit entry, a download link of one answering that its audio is gone,
// and nothing left to do on the next run. On PGlite, and on PostgreSQL 15 when DATABASE_URL_TEST is set.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { JOBS, RECORDINGS_RETENTION_JOB } from "../../../domain/jobs.ts";
import { loadConfig } from "../../config.ts";
import { fileStoreOf } from "../../files/fileStoreOf.ts";
import { executeJob } from "../../jobs/runner.ts";
import { startS3Server, type TestS3Server } from "../../../tests/support/s3Server.ts";
import { ADMIN_EMAIL, bearer, ENGINES, startTestApp, type TestApp } from "../../../tests/support/testApp.ts";
import { AUDIT_ACTION, removeExpiredAudio } from "./retentionJob.ts";

vi.setConfig({ testTimeout: 120_000 });

const RETENTION_JOB = JOBS.find((job) => job.key === RECORDINGS_RETENTION_JOB)!.id;
/** Ten years: the demo's own recordings are all younger. */
const DAYS = 3650;
const LONG_AGO = new Date(Date.now() - (DAYS + 400) * 86_400_000);
const AUDIO = Buffer.from("ID3 the audio of a call");

const cases = ENGINES.flatMap((engine) => (["database", "s3"] as const).map((store) => [engine, store] as const));

describe.each(cases)("retention of recordings' audio (%s, %s store)", (engine, store) => {
  let testApp: TestApp;
  let bucket: TestS3Server | undefined;
  let folder: string;
  let env: Record<string, string>;
  const ids = { old: 0, imported: 0, recent: 0 };
  const paths = { old: "", imported: "", recent: "" };

  const config = (extra: Record<string, string> = {}) => loadConfig({ NODE_ENV: "test", DATA_DIR: "memory://", ...env, ...extra });
  const run = (extra?: Record<string, string>) =>
    executeJob({ db: testApp.database.db, config: config(extra) }, RETENTION_JOB, { trigger: "schedule", runner: removeExpiredAudio });
  const lastRun = () =>
    testApp.database.db.selectFrom("job_runs").select(["status", "message", "rows_written"]).where("job_id", "=", RETENTION_JOB).orderBy("id", "desc").executeTakeFirstOrThrow();
  const row = (id: number) => testApp.database.db.selectFrom("call_recordings").select(["id", "audio_removed_at", "phone"]).where("id", "=", id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    bucket = store === "s3" ? await startS3Server() : undefined;
    env = { ...bucket?.env, RECORDINGS_RETENTION_DAYS: String(DAYS) };
    testApp = await startTestApp({ engine, env });
    folder = mkdtempSync(join(tmpdir(), "recall-desk-monitor-"));
    const { db } = testApp.database;
    const rows = await db.selectFrom("call_recordings").select(["id", "file_path"]).orderBy("id").limit(3).execute();
    [ids.old, ids.imported, ids.recent] = rows.map((r) => r.id) as [number, number, number];
    paths.old = `retention/${ids.old}.mp3`;
    paths.recent = `retention/${ids.recent}.mp3`;
    paths.imported = join(folder, "2015-01-01", "call.mp3");
    const files = fileStoreOf(config(), db);
    await files.put("recordings", paths.old, AUDIO, "audio/mpeg");
    await files.put("recordings", paths.recent, AUDIO, "audio/mpeg");
    mkdirSync(join(folder, "2015-01-01"));
    writeFileSync(paths.imported, AUDIO);
    await db.updateTable("call_recordings").set({ file_path: paths.old, recorded_at: LONG_AGO }).where("id", "=", ids.old).execute();
    await db.updateTable("call_recordings").set({ file_path: pathToFileURL(paths.imported).href, audio_in: "source", recorded_at: LONG_AGO }).where("id", "=", ids.imported).execute();
    await db.updateTable("call_recordings").set({ file_path: paths.recent }).where("id", "=", ids.recent).execute();
  }, 120_000);
  afterAll(async () => {
    await testApp?.close();
    await bucket?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it("is skipped, keeping everything, without RECORDINGS_RETENTION_DAYS", async () => {
    await executeJob({ db: testApp.database.db, config: loadConfig({ NODE_ENV: "test", DATA_DIR: "memory://", ...bucket?.env }) }, RETENTION_JOB, {
      trigger: "schedule",
      runner: removeExpiredAudio,
    });
    expect(await lastRun()).toMatchObject({ status: "skipped", message: "Skipped: recordings are kept forever (RECORDINGS_RETENTION_DAYS is not set); nothing removed" });
  });

  it("counts first and removes nothing, then removes the old audio and keeps the rows, audited", async () => {
    const files = fileStoreOf(config(), testApp.database.db);
    await run();
    const dry = await lastRun();
    expect(dry).toMatchObject({ status: "success", rows_written: 0 });
    expect(dry.message).toMatch(/^Dry run: 2 recordings recorded before \d{4}-\d\d-\d\d \(RECORDINGS_RETENTION_DAYS=3650\) would lose their audio; nothing removed\. The next run removes it\.$/);
    expect(await files.stat("recordings", paths.old)).toBeDefined();
    expect(existsSync(paths.imported)).toBe(true);

    const token = await testApp.sessionOf(ADMIN_EMAIL);
    const key = (await testApp.database.db.selectFrom("call_recordings").select("url").where("id", "=", ids.old).executeTakeFirstOrThrow()).url;
    const linkOf = () => testApp.app.inject({ method: "GET", url: `/api/call-recordings/downloadCallRecording?key=${encodeURIComponent(key)}&title=a.mp3`, headers: bearer(token) });
    const before = await linkOf();
    expect(before.statusCode).toBe(200);
    await run();
    const removed = await lastRun();
    expect(removed).toMatchObject({ status: "success", rows_written: 2 });
    expect(removed.message).toMatch(/^Removed the audio of 2 recordings recorded before .* \(RECORDINGS_RETENTION_DAYS=3650\); their rows stay$/);
    expect(await files.stat("recordings", paths.old)).toBeUndefined();
    expect(existsSync(paths.imported)).toBe(false);
    expect(await files.stat("recordings", paths.recent)).toBeDefined();
    expect((await row(ids.old)).audio_removed_at).toBeInstanceOf(Date);
    expect((await row(ids.imported)).audio_removed_at).toBeInstanceOf(Date);
    expect((await row(ids.recent)).audio_removed_at).toBeNull();
    const audited = await testApp.database.db.selectFrom("audit_log").select(["user_id", "action", "address"]).where("action", "like", `${AUDIT_ACTION}%`).execute();
    expect(audited).toEqual([{ user_id: null, action: expect.stringMatching(/^removeRecordingAudio 2 recordings recorded before /), address: "scheduled job" }]);

    // The row is still listed, marked with when; no link is issued for it, and one issued before ends.
    const listed = await testApp.app.inject({ method: "GET", url: `/api/call-recordings/search?text=${encodeURIComponent(key.split("/").at(-1)!)}`, headers: bearer(token) });
    expect(listed.json().rows).toEqual([expect.objectContaining({ url: key, audioRemovedAt: (await row(ids.old)).audio_removed_at!.toISOString() })]);
    const refused = await linkOf();
    expect([refused.statusCode, refused.json().message]).toEqual([410, "The audio of this recording was removed when its retention period ended."]);
    const file = await testApp.app.inject({ method: "GET", url: new URL(before.json().data as string).pathname });
    expect(file.statusCode).toBe(404);

    await run();
    expect((await lastRun()).message).toMatch(/^No recordings recorded before .* hold audio; nothing removed$/);
  });

  it("counts again before removing anything under a shorter period", async () => {
    await run({ RECORDINGS_RETENTION_DAYS: "1" });
    expect((await lastRun()).message).toMatch(/^Dry run: \d+ recordings? recorded before .* \(RECORDINGS_RETENTION_DAYS=1\) would lose their audio; nothing removed\./);
    expect(await fileStoreOf(config(), testApp.database.db).stat("recordings", paths.recent)).toBeDefined();
  });
});
