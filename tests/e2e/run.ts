/**
 * Browser tests of Recall Desk: starts the app, one headless Debian Chromium, and runs the spec
 * files (tests/e2e/*.e2e.ts) with Node's own test runner, printing TAP and node:test's summary
 * (`# pass N`, `# fail N`). Exits non-zero when any test fails.
 *
 *   npm run test:e2e                                   every spec, against the mock app (Vite + MSW)
 *   npm run test:e2e -- tests/e2e/login.e2e.ts         one spec file
 *   npm run test:e2e -- --grep "login"                 tests whose name matches
 *   npm run test:e2e:server                            the files that run against the real server (npm start's)
 *   E2E_BASE_URL=http://127.0.0.1:5173 npm run test:e2e   against an app you already run
 *   E2E_VERBOSE=1 …   shows the app server's output;   CHROMIUM_PATH=…   another Chromium
 *
 * Screenshots: tests/e2e/screenshots/<target>/<name>.png for every screen visited (see visit.ts;
 * not with E2E_SCREENSHOTS=failures, as npm test runs it), and
 * tests/e2e/screenshots/<target>/failures/<test>.png when a test fails (target: mock, server-1 or
 * server-2, E2E_PART naming the part of the server walk). The folder is not committed.
 */
import { readdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { after, run } from "node:test";
import { tap } from "node:test/reporters";
import { parseArgs } from "node:util";
import type { BrowserContext } from "playwright-core";
import { launchBrowser } from "./browser.ts";
import { screenshotsDir } from "./harness.ts";
import { endSession, startSession } from "./session.ts";
import { parseMode, startTarget } from "./target.ts";

// A guard against a run that hangs; each test has its own timeout. The 80 walks take 30–40 minutes beside the other stages of npm test on two cores.
const RUN_TIMEOUT_MS = 60 * 60_000;

const { values, positionals } = parseArgs({ allowPositionals: true, options: { grep: { type: "string" } } });
const specs = positionals.length > 0
  ? positionals.map((file) => resolve(file))
  : readdirSync(import.meta.dirname).filter((f) => f.endsWith(".e2e.ts")).sort().map((f) => join(import.meta.dirname, f));

// Ctrl-C, a CI cancel, or a run that hangs: stop the app and the browser, never leave them behind.
for (const [signal, code] of [["SIGINT", 130], ["SIGTERM", 143], ["SIGHUP", 129]] as const) {
  process.once(signal, () => {
    process.stderr.write(`\n${signal}: stopping the app and the browser\n`);
    void endSession().finally(() => process.exit(code));
  });
}
setTimeout(() => {
  process.stderr.write(`e2e run exceeded ${RUN_TIMEOUT_MS / 60_000} minutes: giving up\n`);
  void endSession().finally(() => process.exit(1));
}, RUN_TIMEOUT_MS).unref();

rmSync(join(screenshotsDir, "failures"), { recursive: true, force: true }); // Only this run's failures.

let failed = false;
try {
  const target = await startTarget(parseMode(process.env.E2E_TARGET));
  const browser = await launchBrowser(target.baseURL).catch(async (error: unknown) => {
    await target.stop();
    throw error;
  });
  startSession({ context: browser.context, baseURL: target.baseURL }, async () => {
    await browser.close();
    await target.stop();
  });
  await warmUp(browser.context, target.baseURL);
  process.stderr.write(`e2e: ${specs.length} spec file(s) against the ${target.mode} app at ${target.baseURL}\n`);

  // isolation "none": the specs run in this process and share its browser. node:test ends the run
  // only once nothing keeps the process alive, and the app and browser do: a root-level after()
  // hook, which node:test runs after the last test of every file, stops them.
  const stream = run({
    files: specs,
    isolation: "none",
    concurrency: false,
    ...(values.grep ? { testNamePatterns: [values.grep] } : {}),
  });
  after(endSession);
  stream.on("test:fail", () => {
    failed = true;
  });
  for await (const chunk of stream.compose(tap)) process.stdout.write(chunk);
} catch (error) {
  failed = true;
  process.stderr.write(`e2e run failed outside the tests: ${(error as Error).stack ?? String(error)}\n`);
} finally {
  await endSession();
}
process.exit(failed ? 1 : 0);

/**
 * One throwaway load before the tests: Vite compiles and pre-bundles on first request and may
 * reload the page when it finds a new dependency; that should not happen inside the first test.
 */
async function warmUp(context: BrowserContext, baseURL: string): Promise<void> {
  const page = await context.newPage();
  try {
    await page.goto(baseURL, { waitUntil: "load" });
    await page.waitForLoadState("networkidle");
  } finally {
    await page.close();
  }
}
