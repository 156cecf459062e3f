/**
 * The app under test. A target starts the app on a free loopback port and stops it again.
 *
 * - `mock`: the Vite dev server (vite.e2e.config.ts); the MSW service worker answers /api in the browser.
 * - `fake-host`: the same dev server answering /api itself with the fake backend's handlers over
 *   one store in Node (vite.e2e.config.ts), so every browser shares it: two agents see each other.
 * - `server`: the real server as `npm start` runs it (`node server/main.ts`: the API and the built
 *   app in dist/, which must exist) on a fresh temporary PGlite data folder holding the demo data.
 *   Unlike the mock, which starts from the seeded data on every page load, the server keeps what
 *   each test saves for the rest of the run; only the demo users' saved defaults are put back
 *   before each spec file (savedDefaults.ts).
 *
 * `E2E_BASE_URL=http://127.0.0.1:5173 npm run test:e2e` tests an app you already run yourself.
 */
import { execFile, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { promisify } from "node:util";
import { startS3Place, type RecordingsPlace } from "../support/recordingsSource.ts";

export type TargetMode = "mock" | "fake-host" | "server";

export interface Target {
  mode: TargetMode | "external";
  baseURL: string;
  stop(): Promise<void>;
}

export const projectRoot = resolve(import.meta.dirname, "../..");

export function parseMode(value: string | undefined): TargetMode {
  if (value === undefined || value === "" || value === "mock") return "mock";
  if (value === "server" || value === "fake-host") return value;
  throw new Error(`E2E_TARGET must be "mock", "fake-host" or "server", not "${value}"`);
}

export async function startTarget(mode: TargetMode): Promise<Target> {
  const external = process.env.E2E_BASE_URL;
  if (external) return { mode: "external", baseURL: external.replace(/\/$/, ""), stop: async () => {} };

  const port = await freePort();
  switch (mode) {
    case "mock":
      return spawnServer(mode, port, join(projectRoot, "node_modules/.bin/vite"), [
        "--port", String(port), "--strictPort", "--host", "127.0.0.1",
        "--config", join(import.meta.dirname, "vite.e2e.config.ts"),
      ]);
    case "fake-host":
      return startFakeHost(port);
    case "server":
      return startRealServer(port);
  }
}

/** The dev server answering /api itself with the fake backend's handlers over one store (vite.e2e.config.ts). */
function startFakeHost(port: number): Promise<Target> {
  return spawnServer("fake-host", port, join(projectRoot, "node_modules/.bin/vite"), [
    "--port", String(port), "--strictPort", "--host", "127.0.0.1",
    "--config", join(import.meta.dirname, "vite.e2e.config.ts"),
  ], {
    VITE_API_MODE: "server",
    E2E_FAKE_HOST: "1",
    // MSW's sse() needs a global EventSource (docs/conventions.md, Traps of the toolchain).
    NODE_OPTIONS: [process.env.NODE_OPTIONS, "--experimental-eventsource"].filter(Boolean).join(" "),
  });
}

/**
 * The phone system's bucket the server target imports call recordings from: a real S3 server in
 * this process (s3rver), where a walk drops recordings as a phone system would. Undefined on the
 * other targets, which have no phone system's place.
 */
export let phoneSystem: RecordingsPlace | undefined;

/**
 * The data folder is seeded around today (tests/e2e/seedDataDir.ts); the sign-in rate limit is
 * raised, as every test signs in from 127.0.0.1.
 */
async function startRealServer(port: number): Promise<Target> {
  if (!existsSync(join(projectRoot, "dist/index.html"))) {
    throw new Error("E2E_TARGET=server serves the built app: run `npm run build` first");
  }
  const dataDir = mkdtempSync(join(tmpdir(), "recall-e2e-data-"));
  const bucket = await startS3Place();
  phoneSystem = bucket;
  try {
    await promisify(execFile)(process.execPath, [join(import.meta.dirname, "seedDataDir.ts"), dataDir], { cwd: projectRoot });
    const server = await spawnServer("server", port, process.execPath, [join(projectRoot, "server/main.ts")], {
      ...bucket.env,
      DATA_DIR: dataDir,
      SIGN_IN_RATE_LIMIT: "100000",
      // The walks run at any hour on the real clock: outside 8 a.m. to 9 p.m. in the members' zones
      // Next would rightly serve nobody. Calling hours are proven by the server's own tests.
      QUEUE_CALLING_HOURS: "00:00-24:00",
    });
    return { ...server, stop: () => server.stop().finally(() => (rmSync(dataDir, { recursive: true, force: true }), bucket.close())) };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    await bucket.close();
    throw error;
  }
}

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done, fail) => probe.once("error", fail).listen(0, "127.0.0.1", done));
  const address = probe.address();
  await new Promise((done) => probe.close(done));
  if (address === null || typeof address === "string") throw new Error("could not find a free port");
  return address.port;
}

/** Kills the process group of every server still running when this process exits, however it exits. */
const runningGroups = new Set<number>();
process.on("exit", () => {
  for (const pid of runningGroups) killGroup(pid, "SIGKILL");
});

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

/**
 * Starts a server in its own process group (detached), so stopping it also stops whatever it
 * spawned; waits until it answers HTTP on the port. Its output is kept and shown if it fails.
 */
export async function spawnServer(mode: TargetMode, port: number, command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Target> {
  const baseURL = `http://127.0.0.1:${port}`;
  // `#!/usr/bin/env node` scripts must find Node 24 (the one running us), not the machine's Node 20.
  const path = [dirname(process.execPath), join(projectRoot, "node_modules/.bin"), process.env.PATH].join(":");
  const child = spawn(command, args, {
    cwd: projectRoot,
    env: { ...process.env, ...env, PATH: path, PORT: String(port), BROWSER: "none" },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not start ${command}`);
  runningGroups.add(pid);

  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
    if (process.env.E2E_VERBOSE) process.stderr.write(chunk);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  let exitReason: string | undefined;
  const exited = new Promise<void>((done) =>
    child.once("exit", (code, signal) => {
      exitReason = `exited (code ${code}, signal ${signal})`;
      done();
    }),
  );

  const stop = async () => {
    if (!runningGroups.delete(pid)) return;
    killGroup(pid, "SIGTERM");
    const timer = setTimeout(() => killGroup(pid, "SIGKILL"), 5_000);
    await exited;
    clearTimeout(timer);
    killGroup(pid, "SIGKILL"); // Grandchildren that ignored SIGTERM.
  };

  const failure = await waitUntilAnswers(baseURL, 60_000, () => exitReason);
  if (failure !== undefined) {
    await stop();
    throw new Error(`${mode} target on ${baseURL} ${failure}:\n${output.join("")}`);
  }
  return { mode, baseURL, stop };
}

/** Resolves to undefined once the URL answers 2xx, or to why it never will. */
async function waitUntilAnswers(
  url: string,
  timeoutMs: number,
  exitReason: () => string | undefined,
): Promise<string | undefined> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const reason = exitReason();
    if (reason !== undefined) return reason;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.body?.cancel();
      if (response.ok) return undefined;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  return `did not answer within ${timeoutMs / 1000} s`;
}
