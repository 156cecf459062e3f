// @vitest-environment node
// The report of a run of "Import call recordings" an administrator started (getRecordingsImport),
// over a real folder the phone system writes to: the run's counts and the keys it could not read
// with why, then a run that found nothing. On PGlite, and on PostgreSQL 15 when DATABASE_URL_TEST
// is set.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { JOBS } from "../../domain/jobs.ts";
import { MP3, startFolderPlace, type RecordingsPlace } from "../../tests/support/recordingsSource.ts";
import { ADMIN_EMAIL, bearer, ENGINES, startTestApp, type TestApp } from "../../tests/support/testApp.ts";
import { startScheduler } from "../jobs/scheduler.ts";

vi.setConfig({ testTimeout: 60_000 });

const RECORDINGS_JOB = JOBS.find((job) => job.key === "import-recordings")!.id;

describe.each(ENGINES)("a run of Import call recordings, as its administrator reads it (%s)", (engine) => {
  let place: RecordingsPlace;
  let server: TestApp;
  let admin: string;
  let stopScheduler: () => Promise<void>;
  beforeAll(async () => {
    place = await startFolderPlace();
    // The scheduler takes up Run now as npm start's does; its schedules never fire here.
    server = await startTestApp({ engine, env: { ...place.env, SCHEDULER: "on" } });
    stopScheduler = startScheduler(server.app.services, { createTimer: () => ({ stop: () => {} }) });
    admin = await server.sessionOf(ADMIN_EMAIL);
  }, 120_000);
  afterAll(async () => {
    await stopScheduler?.();
    await server?.close();
    await place?.close();
  });

  /** Run now, then the run's report once it has ended. */
  async function runNow() {
    const started = await server.app.inject({ method: "POST", url: `/api/Members/crons/${RECORDINGS_JOB}/rerun`, headers: bearer(admin) });
    expect(started.statusCode).toBe(202);
    const runId = started.json().logs[0].id as number;
    for (;;) {
      const report = await server.app.inject({ method: "GET", url: `/api/call-recordings/imports/${runId}`, headers: bearer(admin) });
      expect(report.statusCode).toBe(200);
      if (report.json().status !== "running") return report.json();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it("counts what it listed, added and refused, names each refused key with why, and says when a run found nothing", async () => {
    await place.put("2026-11-16/SM-HOUS/Recare/7135550101_marcus.reed@recalldesk.example_093005.mp3", MP3);
    await place.put("2026-11-16/XX-NONE/Recare/7135550102_marcus.reed@recalldesk.example_093006.mp3", MP3);
    await place.put("2026-11-16/SM-HOUS/Recare/7135550103_marcus.reed@recalldesk.example_093007.mp3", Buffer.from("not audio at all"));

    const first = await runNow();
    expect(first).toMatchObject({ status: "success", rowsRead: 3, rowsWritten: 1, rowsRejected: 2, foundNothing: false });
    expect(first.message).toMatch(/: Imported 1 recording from .*; 2 keys refused/);
    expect(first.refusals).toEqual([
      { key: "2026-11-16/SM-HOUS/Recare/7135550103_marcus.reed@recalldesk.example_093007.mp3", reason: "not an audio file (its first bytes are no known audio format)" },
      { key: "2026-11-16/XX-NONE/Recare/7135550102_marcus.reed@recalldesk.example_093006.mp3", reason: 'no practice is abbreviated "XX-NONE"' },
    ]);
    expect(first.endedAt >= first.startedAt).toBe(true);

    const second = await runNow();
    expect(second).toMatchObject({ status: "success", rowsRead: 0, rowsWritten: 0, rowsRejected: 0, foundNothing: true, refusals: [] });
    expect(second.message).toMatch(/: No new recordings in /);
  });
});
