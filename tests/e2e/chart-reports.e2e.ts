// Chart reports: Contact Data, Quality Index and New Patient Origin, with the plotly
// chunk loaded lazily by these screens only.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import type { Locator, Page } from "playwright-core";
import { ADMIN, goInApp, signInAs, waitForPath } from "./accounts.ts";
import { e2e, expectVisible } from "./harness.ts";
import { snapshot } from "./visit.ts";

/** The chart chunk: the plotly bundle, and the module that imports it. */
const isChartModule = (url: string) => /plotly|PlotlyChart/i.test(url);

function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => urls.push(request.url()));
  return urls;
}

/**
 * Waits until `count` charts have drawn their traces, or said they have nothing to draw (a pie of
 * zeros: this week's leads on a Monday morning). Plotly puts a chart's frame (`.main-svg`) on the
 * page before its traces, so a test counting slices or bars right after the frame appeared could
 * count none on a busy machine.
 */
async function plotsDrawn(page: Page, count: number): Promise<void> {
  await page.waitForFunction(
    (n) => [...document.querySelectorAll(".chart")].filter((chart) => chart.querySelector(".js-plotly-plot .main-svg g.trace, .chart__empty")).length >= n,
    count,
    { timeout: 30_000 },
  );
}

/** Emulates paper, photographs the page, and checks that only the report is printed. */
async function printSnapshot(page: Page, name: string): Promise<void> {
  await page.emulateMedia({ media: "print" });
  try {
    assert.equal(await page.locator(".topbar").isVisible(), false, "the top bar is not printed");
    assert.equal(await page.locator(".sidebar").isVisible(), false, "the menu is not printed");
    assert.equal(await page.getByRole("button", { name: "Refresh" }).isVisible(), false, "buttons are not printed");
    await snapshot(page, name);
  } finally {
    await page.emulateMedia({ media: "screen" });
  }
}

/** Every tick of a chart's value axis is a whole number (counts: no 0.2 calls). */
async function assertWholeNumberAxis(chart: Locator, name: string): Promise<void> {
  const ticks = await chart.locator(".ytick text").allTextContents();
  assert.ok(ticks.length > 1, `${name}: the value axis has ticks`);
  for (const tick of ticks) assert.match(tick, /^\d{1,3}(,\d{3})*$/, `${name}: a count axis tick reads ${tick}`);
}

/** A chart's table of numbers fits its card, or scrolls inside it: never past the card's edge. */
async function assertNumbersInsideCard(chart: Locator, name: string): Promise<void> {
  const { card, frame, table } = await chart.evaluate((figure) => {
    const region = figure.querySelector<HTMLElement>(".chart__table")!;
    const right = (element: Element) => element.getBoundingClientRect().right;
    return { card: right(figure), frame: right(region), table: { width: region.scrollWidth, shown: region.clientWidth } };
  });
  assert.ok(frame <= card, `${name}: the numbers end at ${frame}, past their card's edge at ${card}`);
  assert.ok(table.width <= table.shown, `${name}: the numbers table (${table.width} px) does not fit its card (${table.shown} px)`);
}

/** A pie's slices write their shares exactly as its table does, and leave the names to the legend. */
async function assertPieAsTable(chart: Locator, name: string): Promise<void> {
  const shares = await chart.locator("tbody tr td:last-child").allTextContents();
  const slices = await chart.locator(".slicetext").allTextContents();
  const reasons = await chart.locator("tbody th").allTextContents();
  assert.ok(slices.length > 0, `${name}: some slices write their share`);
  for (const text of slices) {
    assert.ok(shares.includes(text), `${name}: a slice says ${text}, which its table (${shares.join(", ")}) does not`);
  }
  const legend = await chart.locator(".legendtext").allTextContents();
  assert.deepEqual([...legend].sort(), [...reasons].sort(), `${name}: every slice's name is in the legend`);
}

e2e("the chart chunk is not loaded on the login screen or the dashboard, only on a chart report", async ({ page }) => {
  const requests = recordRequests(page);
  await signInAs(page, ADMIN);
  await waitForPath(page, ADMIN.defaultPage);
  await expectVisible(page.getByRole("heading", { name: "Dashboard" }));
  await page.waitForLoadState("networkidle");
  assert.deepEqual(requests.filter(isChartModule), [], "login and dashboard request no plotly module");
  // Modules in development, bundled chunks against the built app: either way scripts were recorded.
  assert.ok(requests.some((url) => /\.(js|ts|tsx)$/.test(new URL(url).pathname)), "the app's scripts were recorded");

  await goInApp(page, "/contact-data-report");
  await plotsDrawn(page, 1);
  assert.ok(requests.some(isChartModule), "the chart report requests the chart chunk");
}, { timeout: 180_000 });

e2e("Contact Data Report: calls stacked and as percent, appointments; the period redraws; Refresh reloads; print", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInAs(page, ADMIN);
  await goInApp(page, "/contact-data-report");
  await expectVisible(page.getByRole("heading", { level: 1, name: "Contact Data Report" }));
  await plotsDrawn(page, 3);

  const charts = page.locator("figure.chart");
  assert.equal(await charts.count(), 3);
  // Contacted and not contacted: two bar traces in each calls chart; three lines of appointments.
  assert.equal(await charts.nth(0).locator("g.trace.bars").count(), 2);
  assert.equal(await charts.nth(1).locator("g.trace.bars").count(), 2);
  assert.equal(await charts.nth(2).locator("g.trace.scatter").count(), 3);
  assert.ok((await charts.nth(0).locator("g.point").count()) > 0, "bars are drawn");
  const drawn = (await charts.nth(0).locator(".js-plotly-plot").textContent()) ?? "";
  for (const text of ["Calls by hour — Today", "Contacted", "Not contacted", "Hour of day (America/Chicago)", "Calls"]) {
    assert.ok(drawn.includes(text), `the chart shows its title, legend and axis titles: ${text}`);
  }
  const callsTable = page.getByRole("table", { name: "Calls by hour — Today: the numbers" });
  assert.equal(await callsTable.locator("tbody tr").count(), 24);
  // An hour without calls has no share: a dash, not "0.0 %" contacted and "0.0 %" not.
  const shares = await page.getByRole("table", { name: "Calls by hour, percent — Today: the numbers" }).locator("tbody tr").evaluateAll((rows) =>
    rows.map((row) => [...row.querySelectorAll("td")].map((cell) => cell.textContent ?? "")),
  );
  assert.ok(shares.some((cells) => cells.every((cell) => cell === "–")), `no hour without calls shows a dash: ${JSON.stringify(shares)}`);
  assert.ok(!shares.some((cells) => cells.every((cell) => cell === "0.0 %")), "an hour without calls shows 0.0 % twice");
  await assertWholeNumberAxis(charts.nth(0), "calls by hour");
  await assertWholeNumberAxis(charts.nth(2), "appointments set by hour");
  for (const index of [0, 1, 2]) await assertNumbersInsideCard(charts.nth(index), `chart ${index + 1} at 1366 px`);
  await snapshot(page, "contact-data-report", { waitFor: callsTable });
  await page.setViewportSize({ width: 1920, height: 1080 });
  for (const index of [0, 1, 2]) await assertNumbersInsideCard(charts.nth(index), `chart ${index + 1} at 1920 px`);
  await snapshot(page, "contact-data-report-1920", { waitFor: callsTable });
  await page.setViewportSize({ width: 1366, height: 768 });

  const monthRows = async () => (await page.getByRole("table", { name: /^Calls by hour — Last month: the numbers/ }).locator("tbody").textContent()) ?? "";
  await page.getByLabel("Calls period").selectOption({ label: "Last month" });
  await expectVisible(page.getByRole("heading", { level: 2, name: "Calls by hour — Last month" }));
  const todayText = (await callsTable.count()) === 0;
  assert.ok(todayText, "today's table is replaced");
  assert.match(await charts.nth(0).locator(".gtitle").textContent() ?? "", /Last month/);
  const lastMonth = await monthRows();

  let reloads = 0;
  page.on("request", (request) => {
    if (request.url().includes("/api/report/contact-data-report")) reloads += 1;
  });
  await page.getByRole("button", { name: "Refresh" }).click();
  await plotsDrawn(page, 3);
  assert.ok(reloads >= 1, "Refresh asks the server again");
  assert.equal(await monthRows(), lastMonth, "the same figures after the reload");
  assert.equal(await page.getByLabel("Calls period").inputValue(), "lastMonth", "the chosen period is kept");

  await printSnapshot(page, "contact-data-report-print");
}, { timeout: 180_000 });

e2e("Quality Index Report: pies and funnel with data, practice tables, Refresh, print", async ({ page }) => {
  await signInAs(page, ADMIN);
  await goInApp(page, "/quality-index-report");
  await expectVisible(page.getByRole("heading", { level: 1, name: "Quality Index Report" }));
  await plotsDrawn(page, 7);

  const charts = page.locator("figure.chart");
  assert.equal(await charts.count(), 7);
  for (let index = 0; index < 6; index += 1) {
    const slices = await charts.nth(index).locator("g.slice").count();
    const rows = await charts.nth(index).locator("tbody tr").count();
    const counts = (await charts.nth(index).locator("tbody tr td:nth-child(2)").allTextContents()).map((text) => Number(text.replace(/,/g, "")));
    if (counts.every((count) => count === 0)) {
      assert.equal(await charts.nth(index).locator(".chart__empty").textContent(), "Nothing to draw: every count is 0.", `pie ${index + 1} of zeros says so`);
      continue;
    }
    assert.ok(slices > 0, `pie ${index + 1} has slices`);
    assert.ok(slices <= rows, `pie ${index + 1}: one slice per non-zero row of its table`);
    await assertPieAsTable(charts.nth(index), `pie ${index + 1}`);
  }
  const countsOf = async (chart: Locator) => (await chart.locator("tbody tr td:nth-child(2)").allTextContents()).map((text) => Number(text.replace(/,/g, "")));
  const week = await countsOf(charts.nth(0));
  assert.equal(await charts.nth(0).locator("g.slice").count(), week.filter((count) => count > 0).length, "won and lost this week, each a slice unless 0");
  // The periods hold what the demo's day has done so far: early on the 1st nothing this month.
  const funnel = await countsOf(charts.nth(6));
  assert.equal(funnel.length, 5, "five funnel stages");
  if (funnel.every((count) => count === 0)) assert.equal(await charts.nth(6).locator(".chart__empty").textContent(), "Nothing to draw: every count is 0.");
  else assert.equal(await charts.nth(6).locator("g.trace").count(), 1, "one funnel trace");
  for (const caption of [
    "Leads won today",
    "Leads won this week",
    "Leads won month to date",
    "Leads lost this week",
    "Leads lost this month",
    "Leads completed this month by practice",
  ]) {
    await expectVisible(page.getByRole("table", { name: caption, exact: true }));
  }
  await snapshot(page, "quality-index-report", { waitFor: charts.nth(6) });

  const bodies: unknown[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/report/quality-index-report")) bodies.push(request.postDataJSON());
  });
  await page.getByRole("button", { name: "Refresh" }).click();
  await plotsDrawn(page, 7);
  await expectVisible(page.getByRole("table", { name: "Leads won this week", exact: true }));
  assert.equal(bodies.length, 1, "Refresh asks again");
  const body = bodies[0] as Record<string, string>;
  assert.deepEqual(Object.keys(body).sort(), ["d1", "d2", "seven", "thirty", "thisMonth", "weekEnd", "weekStart", "yesterday1", "yesterday2"]);

  await printSnapshot(page, "quality-index-report-print");
}, { timeout: 180_000 });

e2e("New Patient Origin: pie by source, filters change it, expandable sources, CSV download, print", async ({ page }) => {
  await signInAs(page, ADMIN);
  await goInApp(page, "/new-patient-origin");
  await expectVisible(page.getByRole("heading", { level: 1, name: "New Patient Origin" }));
  const pie = page.locator("figure.chart").first();
  const totals = page.getByRole("table", { name: "Total new patients by source" });
  const total = async () => Number((await totals.locator("tfoot td").first().textContent()) ?? "NaN");
  const totalAbove = (before: number) =>
    page.waitForFunction((above) => {
      const cell = [...document.querySelectorAll("table caption")].find((c) => c.textContent === "Total new patients by source")?.closest("table")?.querySelector("tfoot td");
      return cell && Number(cell.textContent) > above;
    }, before);

  const months = page.getByLabel("Months");
  assert.equal((await months.locator("option").count()), 24, "the last 24 months");
  assert.equal((await months.evaluate((select: HTMLSelectElement) => Array.from(select.selectedOptions, (o) => o.index))).join(), "0", "the current month by default");
  // Last month: the demo's history fills it at any hour, where the current month is empty early on the 1st.
  await months.selectOption({ index: 1 });
  await totalAbove(0);
  await plotsDrawn(page, 1);
  const oneMonth = await total();
  const sourceRows = await totals.locator("tbody tr").count();
  assert.equal(await pie.locator("g.slice").count(), sourceRows, "one slice per source");

  await months.selectOption([{ index: 1 }, { index: 2 }, { index: 3 }]);
  await totalAbove(oneMonth);
  const threeMonths = await total();
  assert.ok(threeMonths > oneMonth, "three months hold more new patients than one");
  await plotsDrawn(page, 1);

  await page.getByLabel("Brand").selectOption("mcna");
  await page.waitForFunction((before) => {
    const cell = [...document.querySelectorAll("table caption")].find((c) => c.textContent === "Total new patients by source")?.closest("table")?.querySelector("tfoot td");
    return cell && Number(cell.textContent) < before;
  }, threeMonths);
  const mcna = await total();
  assert.ok(mcna > 0 && mcna < threeMonths, "one brand holds fewer");

  const firstSource = page.locator("details.new-patient-origin__source").first();
  await firstSource.locator("summary").click();
  await expectVisible(firstSource.getByRole("table"));
  await snapshot(page, "new-patient-origin", { waitFor: firstSource.getByRole("table") });

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download CSV" }).click()]);
  // The server's export of the filters on screen (tests/e2e/exports.e2e.ts has the other reports').
  assert.match(download.suggestedFilename(), /^NewPatientOrigin-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), "utf8");
  const lines = csv.trimEnd().split("\r\n");
  assert.equal(lines[0], "Practice,Patient Number,First Visit Date,Result");
  assert.equal(lines.length - 1, mcna, "one row per new patient");
  for (const line of lines.slice(1, 20)) {
    assert.match(line, /^[^,]+,[^,]+,\d{4}-\d{2}-\d{2},/, `a row: ${line}`);
  }

  await printSnapshot(page, "new-patient-origin-print");
}, { timeout: 180_000 });
