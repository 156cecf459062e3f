/**
 * Every screen a test visits is photographed and checked for accessibility:
 * `visit(page, "/members", "members")` navigates, waits for the app to settle, saves
 * tests/e2e/screenshots/<target>/members.png (unless E2E_SCREENSHOTS=failures, harness.ts) and fails on any axe-core violation of serious or
 * critical impact (docs/conventions.md: no such violation on any screen). `snapshot(page, name)`
 * does the same for a state reached by interaction (an open dialog, a filtered list) without
 * navigating.
 */
import { AxeBuilder } from "@axe-core/playwright";
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

async function assertAccessible(page: Page, name: string, exclude: string[]): Promise<void> {
  let builder = new AxeBuilder({ page });
  for (const selector of exclude) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();

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
