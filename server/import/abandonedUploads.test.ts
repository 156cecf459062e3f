// @vitest-environment node
// The files of uploads no run will read: removed at start-up and by the scheduler once older than
// the grace period; a running upload's file, and one still arriving, left alone. On PGlite, and on
// PostgreSQL 15 when DATABASE_URL_TEST is set.
import { sql } from "kysely";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { ABANDONED_UPLOADS_PATTERN, startScheduler, type CreateTimer } from "../jobs/scheduler.ts";
import { ENGINES, startTestApp, type App, type TestApp } from "../../tests/support/testApp.ts";
import { ABANDONED_UPLOAD_GRACE_MS, removeAbandonedUploads } from "./abandonedUploads.ts";

vi.setConfig({ testTimeout: 180_000 });

let server: TestApp | undefined;
const extraApps: App[] = [];
afterEach(async () => {
  for (const app of extraApps.splice(0)) await app.close();
  await server?.close();
  server = undefined;
});

const PART = Buffer.alloc(512 * 1024, "a");

const keptUploads = async (testApp: TestApp) =>
  (await sql<{ name: string }>`select name from stored_files where area = 'imports' order by name`.execute(testApp.database.db)).rows.map((row) => row.name);

/** Files stored as a server left them, `ageMs` ago. */
async function leave(testApp: TestApp, names: string[], ageMs: number, content: Buffer = PART) {
  for (const name of names) await testApp.app.services.files.put("imports", name, content, name.endsWith(".json") ? "application/json" : "text/csv");
  const storedAt = new Date(Date.now() - ageMs);
  await sql`update stored_files set stored_at = ${storedAt} where area = 'imports' and name in (${sql.join(names)})`.execute(testApp.database.db);
}

/** A run of the payers' import of an upload, in `status`, with its kept file's details naming `stem`. */
async function uploadRun(testApp: TestApp, status: "running" | "failure", stem: string, ageMs: number): Promise<number> {
  const db = testApp.database.db;
  const job = await db.selectFrom("jobs").select("id").where("key", "=", "import-denta").executeTakeFirstOrThrow();
  const run = await db
    .insertInto("job_runs")
    .values({ job_id: job.id, status, trigger: "upload", claimed_at: new Date(), file: `${stem}.csv`, ...(status === "running" ? {} : { ended_at: new Date() }) })
    .returning("id")
    .executeTakeFirstOrThrow();
  const details = { fileName: `${stem}.csv`, brand: "denta", extractedAt: "2026-11-16T06:00:00Z", auditAs: { userId: 1, address: "127.0.0.1" }, stem, parts: 1, bytes: PART.byteLength };
  await leave(testApp, [`${run.id}.json`], ageMs, Buffer.from(JSON.stringify(details)));
  await leave(testApp, [`${stem}.csv.0`], ageMs);
  return run.id;
}

const HOURS_2 = 2 * 60 * 60 * 1000;

describe.each(ENGINES)("uploads a server death cut off, on %s", (engine) => {
  it("are removed at the next start once older than the grace period; a file still arriving is left alone", async () => {
    server = await startTestApp({ engine });
    // A server died while receiving a file of three parts: no run was claimed for it.
    await leave(server, ["upload-dead.csv.0", "upload-dead.csv.1", "upload-dead.csv.2"], HOURS_2);
    // Another instance is receiving a file right now.
    await leave(server, ["upload-arriving.csv.0"], 60_000);
    expect(await keptUploads(server)).toHaveLength(4);

    const restarted = await buildApp({ config: loadConfig({ NODE_ENV: "test" }), database: server.database });
    extraApps.push(restarted);
    expect(await keptUploads(server)).toEqual(["upload-arriving.csv.0"]);
  });

  it("leave a running upload's file however old, and remove the file of a run that ended without removing it", async () => {
    server = await startTestApp({ engine });
    const running = await uploadRun(server, "running", "upload-running", HOURS_2);
    const failed = await uploadRun(server, "failure", "upload-failed", 60_000);
    await leave(server, ["upload-dead.csv.0"], 60_000);
    const services = server.app.services;

    // Within the grace period nothing is touched.
    expect(await removeAbandonedUploads(services, new Date(Date.now() + ABANDONED_UPLOAD_GRACE_MS - 5 * 60_000))).toBe(0);
    expect(await keptUploads(server)).toEqual([`${failed}.json`, `${running}.json`, "upload-dead.csv.0", "upload-failed.csv.0", "upload-running.csv.0"].sort());

    expect(await removeAbandonedUploads(services, new Date(Date.now() + HOURS_2))).toBe(3);
    expect(await keptUploads(server)).toEqual([`${running}.json`, "upload-running.csv.0"]);
  });

  it("are removed every hour by the scheduler", async () => {
    server = await startTestApp({ engine });
    await leave(server, ["upload-dead.csv.0"], HOURS_2);
    const timers: { pattern: string; tick: () => void }[] = [];
    const createTimer: CreateTimer = (pattern, _timezone, tick) => {
      timers.push({ pattern, tick });
      return { stop: () => {} };
    };
    const services = { ...server.app.services, config: { ...server.app.services.config, schedulerEnabled: true } };
    const stop = startScheduler(services, { createTimer });
    try {
      const sweep = await vi.waitFor(() => timers.find((timer) => timer.pattern === ABANDONED_UPLOADS_PATTERN) ?? Promise.reject(new Error("not scheduled yet")));
      expect(await keptUploads(server)).toEqual(["upload-dead.csv.0"]);
      sweep.tick();
      await vi.waitFor(async () => expect(await keptUploads(server!)).toEqual([]));
    } finally {
      await stop();
    }
  });
});
