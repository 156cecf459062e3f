// npm run bench:ui: the production build served by the real server (PGlite benchmark database), in
// Debian's Chromium:
//   - the members list at 1000 rows a page: time from a click on a column header to the re-sorted
//     rows painted (the server's answer included), next to the same sorts in a bare reference page
//     (bench/referencePage.ts) in the same run, the two taking turns click by click after a round of
//     every sort in each (not counted), so that both meet the same load and the same warm database
//     (measured first, the app paid for reading each sort's index from disk and the reference page
//     did not); time from choosing a row's result to the row showing
//     it, and to the row showing it saved; the long tasks (PerformanceObserver "longtask", over
//     50 ms) while scrolling through the page;
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
import { referencePage } from "./referencePage.ts";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
/** The headers clicked, each with the column the call sorts by (the reference page asks for the same). */
export const SORTED_COLUMNS = [
  ["Names", "Last_Name"],
  ["Birth date", "Date_of_Birth"],
  ["Days extracted", "Days_Extracted"],
  ["Entry time", "entryTime"],
  ["Phone", "Phone"],
  ["Last visit", "LastVisit"],
  ["Status", "Status"],
  ["Subscriber ID", "Subscriber_ID"],
] as const;

/** The list has its rows and nothing is loading. */
export const listReady = (page: Page) =>
  page.waitForFunction(() => document.querySelector(".members-table")?.getAttribute("aria-busy") === "false" && document.querySelectorAll(".members-table tbody tr.member-row").length > 0, undefined, { timeout: 120_000 });

/**
 * Clicks a column's sort button; resolves with the time until the re-sorted rows are painted, and
 * until the server's answer had arrived (the rest is the browser's work).
 */
/** Signs the staff account in and opens the members list of every practice at 1,000 rows a page. */
export async function openEveryMemberAThousandAPage(page: Page): Promise<void> {
  await signInAs(page, STAFF);
  await page.waitForURL((url) => url.pathname === STAFF.defaultPage, { timeout: 60_000 });
  await listReady(page);
  await page.getByRole("search", { name: "Filter members" }).getByLabel("Practice", { exact: true }).selectOption("all");
  await listReady(page);
  await page.getByLabel("Rows per page").first().selectOption("1000");
  await page.waitForFunction(() => document.querySelector(".members-table table")?.getAttribute("aria-rowcount") === "1001", undefined, { timeout: 120_000 });
}

export function timeSortClick(page: Page, header: string): Promise<{ painted: number; answered: number }> {
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

/**
 * Chooses another result in the row at `index`; resolves with the time until the row shows it (the
 * selector and its "Saving…" tag painted), and until the row shows it saved (the list settled).
 */
function timeResultChoice(page: Page, index: number): Promise<{ shown: number; saved: number }> {
  return page.evaluate(
    (at) =>
      new Promise((resolve) => {
        const table = document.querySelector(".members-table")!;
        const rowOf = (id: string) => table.querySelector<HTMLTableRowElement>(`tbody tr[data-member-id="${id}"]`);
        const row = table.querySelectorAll<HTMLTableRowElement>("tbody tr.member-row")[at]!;
        const id = row.dataset.memberId!;
        const select = row.querySelector("select")!;
        const next = [...select.options].map((option) => option.value).find((value) => value !== "" && value !== select.value)!;
        const started = performance.now();
        let shown: number | undefined;
        const painted = (then: () => void) => requestAnimationFrame(() => setTimeout(then, 0));
        const check = () => {
          const current = rowOf(id);
          if (current?.querySelector("select")?.value !== next) return;
          const saving = current.querySelector('[role="status"]') !== null;
          if (shown === undefined && saving) painted(() => (shown ??= performance.now() - started));
          if (!saving && table.getAttribute("aria-busy") === "false") {
            observer.disconnect();
            painted(() => resolve({ shown: shown ?? performance.now() - started, saved: performance.now() - started }));
          }
        };
        const observer = new MutationObserver(check);
        observer.observe(table, { subtree: true, childList: true, characterData: true, attributes: true });
        select.value = next;
        select.dispatchEvent(new Event("change", { bubbles: true }));
      }),
    index,
  );
}

/** Scrolls the rows through in wheel steps, top to bottom; the long tasks seen meanwhile (ms). */
async function longTasksWhileScrolling(page: Page): Promise<number[]> {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { longTasks: number[] }).longTasks = seen;
    new PerformanceObserver((list) => list.getEntries().forEach((entry) => seen.push(entry.duration))).observe({ type: "longtask" });
  });
  const box = (await page.locator(".members-table").boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const atEnd = () => page.locator(".members-table").evaluate((rows) => rows.scrollTop + rows.clientHeight >= rows.scrollHeight - 1);
  for (let step = 0; step < 2000 && !(await atEnd()); step += 1) {
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(16);
  }
  await page.waitForTimeout(200);
  return page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
}

/** The bare reference page, on the same origin, in a page of its own. */
async function openReferencePage(page: Page, origin: string, token: string): Promise<void> {
  const url = `${origin}/bench-reference`;
  await page.route(url, (route) => route.fulfill({ contentType: "text/html", body: referencePage(`${origin}/api`, token) }));
  await page.goto(url);
}

/** One sort in the reference page: ms until painted. */
const referenceSort = (page: Page, column: string) =>
  page.evaluate(async (name) => {
    const started = performance.now();
    await (window as unknown as { sortBy: (column: string, descending: boolean) => Promise<void> }).sortBy(name, false);
    return performance.now() - started;
  }, column);

/**
 * The sort clicks, the app's and the reference page's in turns, after a round of every sort in each
 * that is not counted.
 */
async function sortTimesInTurns(app: Page, reference: Page, clicks: number) {
  const times = { painted: [] as number[], answered: [] as number[], reference: [] as number[] };
  for (let click = -SORTED_COLUMNS.length; click < clicks; click += 1) {
    const [header, column] = SORTED_COLUMNS[(click + SORTED_COLUMNS.length) % SORTED_COLUMNS.length]!;
    await app.bringToFront();
    const { painted, answered } = await timeSortClick(app, header);
    await reference.bringToFront();
    const referenceTime = await referenceSort(reference, column);
    if (click < 0) continue;
    times.painted.push(painted);
    times.answered.push(answered);
    times.reference.push(referenceTime);
  }
  await app.bringToFront();
  return times;
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
    await openEveryMemberAThousandAPage(page);
    const [token] = await server.tokens(1);
    const reference = await context.newPage();
    await openReferencePage(reference, origin, token!);
    const { painted: sortTimes, answered: answerTimes, reference: referenceTimes } = await sortTimesInTurns(page, reference, clicks);
    await reference.close();
    const choices: { shown: number; saved: number }[] = [];
    for (let choice = 0; choice < clicks; choice += 1) choices.push(await timeResultChoice(page, choice % 10));
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
      reference: { p50: quantile(referenceTimes, 0.5), samples: referenceTimes },
      resultChoice: {
        shownP95: quantile(choices.map((choice) => choice.shown), 0.95),
        savedP50: quantile(choices.map((choice) => choice.saved), 0.5),
        savedP95: quantile(choices.map((choice) => choice.saved), 0.95),
      },
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
  const ratio = result.sortClick.p50 / result.reference.p50;
  const met = (ok: boolean) => (ok ? "met" : "missed");
  return [
    `Browser, members list at 1000 rows a page (${result.size.toLocaleString("en-US")} members, PGlite), Chromium headless:`,
    "",
    "| sort click → rows painted p50 | p95 | of which the answer arrived (p50) | reference page p50 | app ÷ reference | result chosen → shown p95 | → saved p50 | p95 | long tasks while scrolling | longest | Lighthouse login | Lighthouse members |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    `| ${ms(result.sortClick.p50)} ms | ${ms(result.sortClick.p95)} ms | ${ms(result.sortClick.answeredP50)} ms | ${ms(result.reference.p50)} ms | ${ratio.toFixed(2)} | ${ms(result.resultChoice.shownP95)} ms | ${ms(result.resultChoice.savedP50)} ms | ${ms(result.resultChoice.savedP95)} ms | ${result.longTasks.count} | ${ms(result.longTasks.max)} ms | ${result.lighthouse.login} | ${result.lighthouse.members} |`,
    "",
    `Targets: sort ≤ 100 ms ${met(result.sortClick.p50 <= 100)} (median) and ≤ 1.2 × the reference ${met(ratio <= 1.2)}; result chosen → row updated ≤ 200 ms ${met(result.resultChoice.savedP95 <= 200)} (p95, saved); no long task over 50 ms while scrolling ${met(result.longTasks.count === 0)}; Lighthouse ≥ 95 ${met(result.lighthouse.login >= 95 && result.lighthouse.members >= 95)}.`,
  ].join("\n");
}

if (process.argv[1]?.endsWith("ui.ts")) {
  const result = await benchUi(Number(process.argv[2] ?? 200_000), Number(process.argv[3] ?? 8));
  keepResult(`ui-${result.size}`, result);
  console.log(uiTable(result));
}
