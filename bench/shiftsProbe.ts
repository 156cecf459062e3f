// Probe (not a benchmark): the members list opened as Lighthouse opens it, with every layout shift
// and what moved, and screenshots at 1366×768 and 1920×1080 into the folder given.
//   npx tsx bench/shiftsProbe.ts <screenshot folder> [members]
import { join } from "node:path";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { chromium } from "playwright-core";
import { signInAs, STAFF } from "../tests/e2e/accounts.ts";
import { startBenchServer } from "./app.ts";
import { benchDatabase, ROOT } from "./load.ts";
import { CHROMIUM, FLAGS, listReady } from "./ui.ts";

const folder = process.argv[2] ?? tmpdir();
const database = await benchDatabase("pglite", Number(process.argv[3] ?? 200_000));
const server = await startBenchServer(database, join(ROOT, "dist"));
const profile = mkdtempSync(join(tmpdir(), "recall-shifts-"));
try {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS.filter((flag) => !flag.startsWith("--headless")),
    baseURL: server.baseUrl.replace(/\/api$/, ""),
    viewport: { width: 1350, height: 940 },
  });
  await context.addInitScript("window.__name = (fn) => fn");
  await context.addInitScript(() => {
    const shifts: unknown[] = [];
    (window as unknown as { shifts: unknown[] }).shifts = shifts;
    const describe = (node: Node | null | undefined) => {
      if (!node) return "?";
      const element = node instanceof Element ? node : node.parentElement;
      return element ? `${element.tagName.toLowerCase()}.${[...element.classList].join(".")} "${(element.textContent ?? "").slice(0, 40)}"` : "?";
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] })[]) {
        shifts.push({
          at: Math.round(entry.startTime),
          value: Number(entry.value.toFixed(4)),
          input: entry.hadRecentInput,
          sources: entry.sources.map((source) => `${describe(source.node)} ${Math.round(source.previousRect.y)}→${Math.round(source.currentRect.y)} (h ${Math.round(source.previousRect.height)}→${Math.round(source.currentRect.height)})`),
        });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await signInAs(page, STAFF);
  await page.waitForURL((url) => url.pathname === STAFF.defaultPage, { timeout: 60_000 });
  await listReady(page);
  await page.reload();
  await listReady(page);
  await page.waitForTimeout(2000);
  const shifts = await page.evaluate(() => (window as unknown as { shifts: unknown[] }).shifts);
  console.log(
    await page.evaluate(() => {
      const lines: string[] = [];
      for (let element: Element | null = document.querySelector(".members-page h1"); element; element = element.parentElement) {
        const rect = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        lines.push(`${element.tagName}.${[...element.classList].join(".")} y ${rect.y} h ${rect.height} pad ${style.paddingTop} margin ${style.marginTop}`);
        for (let sibling = element.previousElementSibling; sibling; sibling = sibling.previousElementSibling) {
          lines.push(`   before: ${sibling.tagName}.${[...sibling.classList].join(".")} h ${sibling.getBoundingClientRect().height}`);
        }
      }
      return lines.join("\n");
    }),
  );
  console.log(JSON.stringify(shifts, null, 1));
  for (const [width, height] of [[1366, 768], [1920, 1080]] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(500);
    await page.screenshot({ path: join(folder, `members-${width}.png`) });
  }
  await context.close();
} finally {
  await server.close();
  await database.close();
  rmSync(profile, { recursive: true, force: true });
}
