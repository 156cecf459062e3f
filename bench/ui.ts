// npm run bench:ui: the production build served by the real server (PGlite benchmark database), in
// Debian's Chromium:
//   - the members list at 1000 rows a page: time from a click on a column header to the re-sorted
//     rows painted (the server's answer included), and the long tasks (PerformanceObserver
//     "longtask", over 50 ms) while scrolling through the page;
//   - Lighthouse performance (desktop preset) of the login screen and of the members list.
//   npx tsx bench/ui.ts [members] [sort clicks]     (defaults: 200,000 members, 8 clicks)
// Needs a build (npm run build); Chromium at CHROMIUM_PATH or /usr/bin/chromium.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { chromium, type Page } from "playwright-core";
import { signInAs, STAFF } from "../tests/e2e/accounts.ts";
import { keepResult, ms, quantile, startBenchServer } from "./app.ts";
import { benchDatabase, ROOT } from "./load.ts";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const SORTED_COLUMNS = ["Names", "Birth date", "Days extracted", "Entry time", "Phone", "Last visit", "Status", "Subscriber ID"];

/** The list has its rows and nothing is loading. */
const listReady = (page: Page) =>
  page.waitForFunction(() => document.querySelector(".members-table")?.getAttribute("aria-busy") === "false" && document.querySelectorAll(".members-table tbody tr.member-row").length > 0, undefined, { timeout: 120_000 });

/**
 * Clicks a column's sort button; resolves with the time until the re-sorted rows are painted, and
 * until the server's answer had arrived (the rest is the browser's work).
 */
function timeSortClick(page: Page, header: string): Promise<{ painted: number; answered: number }> {
  return page.evaluate(async (name) => {
    const table = document.querySelector(".members-table")!;
    const button = [...table.querySelectorAll<HTMLButtonElement>("thead th .sort-button")].find((candidate) => candidate.textContent?.replace(/[▲▼↕]/g, "").trim() === name);
    if (!button) throw new Error(`no sort button "${name}"`);
    const firstRow = () => table.querySelector("tbody tr.member-row")?.textContent ?? "";
    const before = firstRow();
    const started = performance.now();
    await new Promise<void>((resolve) => {
      let changed = false;
      const check = () => {
        changed ||= table.getAttribute("aria-busy") === "true" || firstRow() !== before;
        if (changed && table.getAttribute("aria-busy") === "false") {
          observer.disconnect();
          // The frame after the DOM change is the one that paints it.
          requestAnimationFrame(() => setTimeout(resolve, 0));
        }
      };
      const observer = new MutationObserver(check);
      observer.observe(table, { subtree: true, childList: true, characterData: true, attributes: true });
      button.click();
    });
    const painted = performance.now() - started;
    const answers = performance.getEntriesByType("resource").filter((entry) => entry.name.includes("getMembersTableData") && entry.startTime >= started);
    const answered = (answers.at(-1) as PerformanceResourceTiming | undefined)?.responseEnd ?? Number.NaN;
    return { painted, answered: answered - started };
  }, header);
}

/** Scrolls through the page in wheel steps; the long tasks seen meanwhile (ms). */
async function longTasksWhileScrolling(page: Page): Promise<number[]> {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { longTasks: number[] }).longTasks = seen;
    new PerformanceObserver((list) => list.getEntries().forEach((entry) => seen.push(entry.duration))).observe({ type: "longtask" });
  });
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.mouse.move(640, 400);
  for (let scrolled = 0; scrolled < height; scrolled += 400) {
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(16);
  }
  await page.waitForTimeout(200);
  return page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
}

async function lighthouseScore(url: string, profile: string): Promise<number> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS, userDataDir: profile });
  try {
    // The profile keeps the signed-in session (localStorage): Lighthouse must not clear it.
    const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"], disableStorageReset: true }, desktopConfig);
    if (result?.lhr.runtimeError) console.error(`Lighthouse ${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    const audits = result?.lhr.audits ?? {};
    const metrics = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"];
    console.error(`Lighthouse ${result?.lhr.finalDisplayedUrl}: ${metrics.map((id) => `${id} ${audits[id]?.displayValue ?? "?"}`).join(", ")}`);
    return Math.round((result?.lhr.categories.performance?.score ?? 0) * 100);
  } finally {
    await chrome.kill();
  }
}

export async function benchUi(size: number, clicks: number) {
  if (!existsSync(join(ROOT, "dist", "index.html"))) throw new Error("dist/index.html is missing: npm run build first");
  const database = await benchDatabase("pglite", size);
  const server = await startBenchServer(database, join(ROOT, "dist"));
  const origin = server.baseUrl.replace(/\/api$/, "");
  const profile = mkdtempSync(join(tmpdir(), "recall-bench-ui-"));
  try {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: FLAGS.filter((flag) => !flag.startsWith("--headless")),
      baseURL: origin,
      viewport: { width: 1280, height: 800 },
    });
    // tsx (esbuild) wraps named functions in __name(): the functions sent to the page need it too.
    await context.addInitScript("window.__name = (fn) => fn");
    const page = context.pages()[0] ?? (await context.newPage());
    await signInAs(page, STAFF);
    await page.waitForURL((url) => url.pathname === STAFF.defaultPage, { timeout: 60_000 });
    await listReady(page);
    await page.getByRole("search", { name: "Filter members" }).getByLabel("Practice", { exact: true }).selectOption("all");
    await listReady(page);
    await page.getByLabel("Rows per page").first().selectOption("1000");
    await page.waitForFunction(() => document.querySelector(".members-table table")?.getAttribute("aria-rowcount") === "1001", undefined, { timeout: 120_000 });
    const sortTimes: number[] = [];
    const answerTimes: number[] = [];
    for (let click = 0; click < clicks; click += 1) {
      const { painted, answered } = await timeSortClick(page, SORTED_COLUMNS[click % SORTED_COLUMNS.length]!);
      sortTimes.push(painted);
      answerTimes.push(answered);
    }
    const longTasks = await longTasksWhileScrolling(page);
    // Lighthouse opens the list as a person does: the default 15 rows (the page size is remembered).
    await page.getByLabel("Rows per page").first().selectOption("15");
    await listReady(page);
    const membersUrl = page.url();
    await context.close();

    const login = await lighthouseScore(`${origin}/`, mkdtempSync(join(tmpdir(), "recall-bench-lh-")));
    const members = await lighthouseScore(membersUrl, profile);
    return {
      size,
      sortClick: { p50: quantile(sortTimes, 0.5), p95: quantile(sortTimes, 0.95), max: Math.max(...sortTimes), samples: sortTimes, answeredP50: quantile(answerTimes, 0.5) },
      longTasks: { count: longTasks.length, max: longTasks.length > 0 ? Math.max(...longTasks) : 0 },
      lighthouse: { login, members },
      at: new Date().toISOString(),
    };
  } finally {
    await server.close();
    await database.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

export function uiTable(result: Awaited<ReturnType<typeof benchUi>>): string {
  return [
    `Browser, members list at 1000 rows a page (${result.size.toLocaleString("en-US")} members, PGlite), Chromium headless:`,
    "",
    "| sort click → rows painted p50 | p95 | max | of which the answer arrived (p50) | long tasks while scrolling | longest | Lighthouse login | Lighthouse members |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
    `| ${ms(result.sortClick.p50)} ms | ${ms(result.sortClick.p95)} ms | ${ms(result.sortClick.max)} ms | ${ms(result.sortClick.answeredP50)} ms | ${result.longTasks.count} | ${ms(result.longTasks.max)} ms | ${result.lighthouse.login} | ${result.lighthouse.members} |`,
    "",
    `Targets: sort ≤ 100 ms ${result.sortClick.p50 <= 100 ? "met" : "missed"} (median); no long task over 50 ms while scrolling ${result.longTasks.count === 0 ? "met" : "missed"}; Lighthouse ≥ 95 ${result.lighthouse.login >= 95 && result.lighthouse.members >= 95 ? "met" : "missed"}.`,
  ].join("\n");
}

if (process.argv[1]?.endsWith("ui.ts")) {
  const result = await benchUi(Number(process.argv[2] ?? 200_000), Number(process.argv[3] ?? 8));
  keepResult(`ui-${result.size}`, result);
  console.log(uiTable(result));
}
