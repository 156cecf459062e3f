/**
 * What spec files use: `e2e(name, fn)` declares a browser test. run.ts starts the app and the
 * browser once (session.ts); every test gets a fresh page on a wiped origin (cookies,
 * local storage, IndexedDB), and fails on any uncaught page error or console error unless it
 * called `expectConsoleError(pattern)` for it (an expected error that never shows fails too).
 * Each spec file starts from the demo users' saved defaults (savedDefaults.ts).
 * `e2e(name, fn, { cookies: "blocked" })` runs the test in a browser of its own whose settings
 * block cookies and site data (browser.ts), started for that test and closed after it.
 */
import { test, type TestContext } from "node:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { launchBrowser, type BrowserOptions } from "./browser.ts";
import { getSession } from "./session.ts";
import { trackNetwork } from "./network.ts";
import { startSpecFromKnownDefaults } from "./savedDefaults.ts";

/**
 * One folder per target and part: npm test runs the walks against the mock and the server side by
 * side, the server's in two parts on two servers (E2E_PART), each clearing its own failures.
 */
export const screenshotsDir = join(import.meta.dirname, "screenshots", [process.env.E2E_TARGET || "mock", process.env.E2E_PART].filter(Boolean).join("-"));

/**
 * E2E_SCREENSHOTS=failures (npm test sets it): only a failed test's page is photographed; otherwise
 * every screen a walk visits is, for whoever looks at the screens.
 */
const photographsEveryScreen = process.env.E2E_SCREENSHOTS !== "failures";

/** Saves `<name>.png` of the page in the target's folder, unless only failures are photographed. */
export async function photograph(page: Page, name: string, options: { fullPage?: boolean } = { fullPage: true }): Promise<void> {
  if (!photographsEveryScreen) return;
  mkdirSync(screenshotsDir, { recursive: true });
  await page.screenshot({ path: join(screenshotsDir, `${name}.png`), fullPage: options.fullPage ?? false });
}

export interface E2EContext {
  page: Page;
  baseURL: string;
  /** Allows console errors (and uncaught errors) matching `pattern`, and requires one to happen. */
  expectConsoleError(pattern: RegExp): void;
  t: TestContext;
}

/** Reports a page's test context, so helpers such as visit() can write TAP diagnostics. */
export const testContextOf = new WeakMap<Page, TestContext>();

export interface E2EOptions {
  timeout?: number;
  cookies?: BrowserOptions["cookies"];
}

export function e2e(name: string, fn: (e: E2EContext) => Promise<void>, options: E2EOptions = {}): void {
  test(name, { timeout: options.timeout ?? 60_000 }, async (t) => {
    const session = getSession();
    if (!session) throw new Error("No browser session: run specs through `npm run test:e2e -- <spec file>`");
    const { baseURL } = session;
    await startSpecFromKnownDefaults(baseURL, t.filePath);
    const own = options.cookies === "blocked" ? await launchBrowser(baseURL, { cookies: "blocked" }) : undefined;
    const page = own ? await own.context.newPage() : await freshPage(session.context, baseURL);
    trackNetwork(page);
    testContextOf.set(page, t);

    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      const { url, lineNumber } = message.location();
      errors.push(`console.error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ""}`);
    });
    page.on("pageerror", (error) => {
      const where = error.stack?.split("\n").find((line) => line.trim().startsWith("at "))?.trim();
      errors.push(`uncaught ${error.name}: ${error.message}${where ? ` (${where})` : ""}`);
    });
    page.on("crash", () => errors.push("the page crashed"));
    // MSW's worker start calls `registration.update()` without awaiting it; when the browser's
    // background update check of the worker script fails, that promise rejects as an uncaught
    // error although the running worker is unaffected. Not the app's error: never counted.
    const expected: RegExp[] = [];
    const ignored = [/Failed to update a ServiceWorker for scope .*mockServiceWorker\.js/];

    try {
      await fn({ page, baseURL, expectConsoleError: (pattern) => void expected.push(pattern), t });
      const unexpected = errors.filter(
        (error) => !expected.some((pattern) => pattern.test(error)) && !ignored.some((pattern) => pattern.test(error)),
      );
      const missing = expected.filter((pattern) => !errors.some((error) => pattern.test(error)));
      const problems = [
        ...unexpected.map((error) => `  - ${error}`),
        ...missing.map((pattern) => `  - expected a console error matching ${pattern}, none happened`),
      ];
      if (problems.length > 0) throw new Error(`The page reported errors:\n${problems.join("\n")}`);
    } catch (error) {
      for (const line of errors) t.diagnostic(line);
      await saveFailureScreenshot(page, name, t);
      throw error;
    } finally {
      await page.close().catch(() => {});
      await own?.close();
    }
  });
}

/** A new page with no state left by earlier tests. The MSW service worker stays registered. */
async function freshPage(context: BrowserContext, baseURL: string): Promise<Page> {
  const page = await context.newPage();
  for (const other of context.pages()) if (other !== page) await other.close();
  await context.clearCookies();
  await context.clearPermissions();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Storage.clearDataForOrigin", {
    origin: new URL(baseURL).origin,
    storageTypes: "cookies,local_storage,indexeddb,cache_storage,file_systems,websql",
  });
  await cdp.detach();
  return page;
}

async function saveFailureScreenshot(page: Page, testName: string, t: TestContext): Promise<void> {
  if (page.isClosed()) return;
  const file = join(screenshotsDir, "failures", `${slug(testName)}.png`);
  mkdirSync(join(screenshotsDir, "failures"), { recursive: true });
  await page
    .screenshot({ path: file, fullPage: true, timeout: 5_000 })
    .then(() => t.diagnostic(`screenshot of the failure: ${file}`))
    .catch(() => {});
}

export function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}

/** Waits until the locator is visible; the error names the locator (playwright-core has no expect). */
export async function expectVisible(locator: Locator, timeout?: number): Promise<void> {
  try {
    await locator.waitFor({ state: "visible", ...(timeout === undefined ? {} : { timeout }) });
  } catch (error) {
    throw new Error(`Expected ${locator} to be visible: ${(error as Error).message.split("\n")[0]}`, {
      cause: error,
    });
  }
}
