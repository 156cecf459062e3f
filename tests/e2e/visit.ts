/**
 * Every screen a test visits is photographed and checked for accessibility:
 * `visit(page, "/members", "members")` navigates, waits for the app to settle, saves
 * tests/e2e/screenshots/<target>/members.png (unless E2E_SCREENSHOTS=failures, harness.ts) and fails on any axe-core violation of serious or
 * critical impact (docs/conventions.md: no such violation on any screen). `snapshot(page, name)`
 * does the same for a state reached by interaction (an open dialog, a filtered list) without
 * navigating.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type Axe from "axe-core";
import type { AxeResults } from "axe-core";
import type { Locator, Page } from "playwright-core";
import { photograph, testContextOf } from "./harness.ts";
import { networkQuiet } from "./network.ts";

export interface SnapshotOptions {
  /** Shown once the screen is really there (the settle step cannot know what a screen loads). */
  waitFor?: Locator;
  /** CSS selectors axe skips, each with a reason in the test. Prefer fixing the app. */
  axeExclude?: string[];
}

const failingImpacts = new Set(["serious", "critical"]);

export async function visit(page: Page, path: string, name: string, options: SnapshotOptions = {}): Promise<void> {
  await page.goto(path, { waitUntil: "load" });
  await snapshot(page, name, options);
}

export async function snapshot(page: Page, name: string, options: SnapshotOptions = {}): Promise<void> {
  await settle(page, options.waitFor);
  await photograph(page, name);
  await assertAccessible(page, name, options.axeExclude ?? []);
}

/**
 * Settled = no network for 500 ms (module loads, /api calls through the service worker; the event
 * stream aside), fonts loaded, no element marked aria-busy="true" (the app's loading convention),
 * and two frames painted.
 */
async function settle(page: Page, waitFor: Locator | undefined): Promise<void> {
  await networkQuiet(page);
  if (waitFor) await waitFor.waitFor({ state: "visible" });
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  });
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe-core's violations on the page, every rule but the experimental ones (axe's default), leaving
 * out `exclude`. axe runs in the page once it is there (injected on the page's first check after
 * each navigation), and answers the violations only: its passes' nodes on a 1,000-row list cost
 * seconds to gather and nobody reads them. Not through @axe-core/playwright: its run opens a second
 * page to put the frames' results together, 3–6× the check itself. The app has no frame of its
 * own content (the help file's PDF is the browser's viewer, which axe cannot enter), so frames
 * are not entered.
 */
export async function axeViolations(page: Page, exclude: string[] = []): Promise<AxeResults["violations"]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  // The page's own axe: the source above, evaluated in it.
  const results = await page.evaluate(
    (exclude) => (window as unknown as { axe: typeof Axe }).axe.run({ exclude: exclude.map((selector) => [selector]) }, { resultTypes: ["violations"], iframes: false }),
    exclude,
  );
  return results.violations;
}

async function assertAccessible(page: Page, name: string, exclude: string[]): Promise<void> {
  const violations = await axeViolations(page, exclude);

  const t = testContextOf.get(page);
  for (const v of violations.filter((v) => !failingImpacts.has(v.impact ?? ""))) {
    t?.diagnostic(`axe (${name}, not failing): ${v.id} [${v.impact}] ${v.help} (${v.nodes.length} nodes)`);
  }

  const failing = violations.filter((v) => failingImpacts.has(v.impact ?? ""));
  if (failing.length === 0) return;
  const report = failing.map((v) =>
    [
      `  - ${v.id} [${v.impact}] ${v.help}`,
      `    ${v.helpUrl}`,
      // Not "at …": node:test would take such lines for stack frames.
      ...v.nodes.map((node) => `    element ${node.target.join(" ")}: ${node.failureSummary?.replace(/\s*\n\s*/g, " ") ?? ""}`),
    ].join("\n"),
  );
  throw new Error(
    `Accessibility: ${failing.length} serious/critical axe violation(s) on "${name}" (${page.url()}):\n${report.join("\n")}`,
  );
}
