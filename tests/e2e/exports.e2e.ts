// CSV exports in the browser: the members list under its filters (every page, not the one on
// screen) and every table report, streamed from the backend with progress; a cancelled export
// saves nothing. New Patient Origin's download is in chart-reports.e2e.ts.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import Papa from "papaparse";
import type { Page } from "playwright-core";
import { ADMIN, STAFF, goInApp, signInAs, waitForPath } from "./accounts.ts";
import { e2e, expectVisible, photograph } from "./harness.ts";
import { deletedLastMonth } from "./lastMonth.ts";
import { snapshot } from "./visit.ts";

const DATED = (report: string) => new RegExp(`^${report}-\\d{4}-\\d{2}-\\d{2}\\.csv$`);

async function listedCount(page: Page): Promise<number> {
  await page.waitForFunction(
    () => /\d/.test(document.querySelector(".members-page__count")?.textContent ?? "") && document.querySelector(".members-page__status")?.textContent === "",
  );
  return Number((await page.locator(".members-page__count").innerText()).replace(/[^0-9]/g, ""));
}

async function downloadedRows(page: Page, button: string): Promise<{ name: string; rows: string[][] }> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: button }).click()]);
  const text = await readFile((await download.path())!, "utf8");
  return { name: download.suggestedFilename(), rows: Papa.parse<string[]>(text.replace(/\r\n$/, ""), { newline: "\r\n" }).data };
}

/**
 * Export CSV with the export's answer held back (so it is still under way when Cancel is pressed),
 * `whileHeld` meanwhile, then Cancel: the browser says nothing was saved, and no file is.
 */
async function cancelHeldExport(page: Page, exportUrl: string, whileHeld: () => Promise<void> = async () => {}): Promise<void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(exportUrl, async (route) => {
    await held;
    await route.continue().catch(() => {});
  });
  const downloads: string[] = [];
  page.on("download", (download) => downloads.push(download.suggestedFilename()));
  await page.getByRole("button", { name: "Export CSV" }).click();
  const cancel = page.getByRole("button", { name: "Cancel export" });
  await expectVisible(cancel);
  await whileHeld();
  await cancel.click();
  release();
  await expectVisible(page.getByText("Export cancelled: nothing was saved."));
  // A file would arrive as a download event: give one the time to show.
  await page.waitForTimeout(1000);
  assert.deepEqual(downloads, [], "no file was saved");
}

e2e("Members list: Export CSV downloads every member of the filters, not just the page on screen", async ({ page }) => {
  await signInAs(page, STAFF);
  await waitForPath(page, STAFF.defaultPage);
  await page.getByLabel("Practice").selectOption("all");
  await page.getByLabel("Status").selectOption("New Patient");
  const count = await listedCount(page);
  assert.ok(count > 15, "more members than one page");
  const { name, rows } = await downloadedRows(page, "Export CSV");
  assert.match(name, DATED("Members"));
  const [header, ...members] = rows;
  assert.equal(header![17], "Status");
  assert.equal(members.length, count, "one line per member the list counts");
  assert.ok(members.every((member) => member[17] === "New Patient"));
  await expectVisible(page.getByRole("status").filter({ hasText: new RegExp(`Saved Members-.*\\(${count.toLocaleString("en-US")} rows\\)`) }));
  await snapshot(page, "members-export-saved");
}, { timeout: 120_000 });

e2e("Members list: a cancelled export stops and saves nothing", async ({ page, t }) => {
  if (process.env.E2E_TARGET !== "server") {
    // The in-page fake backend answers from its service worker, where Playwright's routes cannot
    // hold the export back: it is over before Cancel can be pressed.
    t.skip("an export held back for Cancel needs the server build (E2E_TARGET=server)");
    return;
  }
  await signInAs(page, STAFF);
  await waitForPath(page, STAFF.defaultPage);
  await listedCount(page);
  await cancelHeldExport(page, "**/api/Members/export?**", async () => {
    await expectVisible(page.getByRole("progressbar", { name: "Export progress" }));
    // The held request keeps the network busy, so no "settled" snapshot: a plain screenshot.
    await photograph(page, "members-export-progress");
  });
  assert.equal(await page.getByRole("button", { name: "Export CSV" }).isEnabled(), true);
}, { timeout: 120_000 });

e2e("Members Status Report: Export CSV downloads the rows on screen and the Total row", async ({ page }) => {
  await signInAs(page, ADMIN);
  await waitForPath(page, ADMIN.defaultPage);
  await goInApp(page, "/members-status-report");
  const table = page.getByRole("table", { name: /Members by status and payer/ });
  await expectVisible(table.locator("tbody tr").first());
  await page.getByLabel("Region").selectOption("SMD");
  await page.waitForFunction(() => {
    const practices = [...document.querySelectorAll("table tbody th")];
    return !document.querySelector('[aria-busy="true"]') && practices.length > 0 && practices.every((th) => th.textContent?.startsWith("SM-"));
  });
  const practices = await table.locator("tbody th").allInnerTexts();
  const { name, rows } = await downloadedRows(page, "Export CSV");
  assert.match(name, DATED("MembersStatusReport"));
  assert.deepEqual(rows.slice(1).map((row) => row[0]), [...practices].sort().concat("Total"));
}, { timeout: 120_000 });

e2e("Lead Data Report: Export CSV downloads the periods table, Export range CSV the custom range", async ({ page }) => {
  await signInAs(page, ADMIN);
  await waitForPath(page, ADMIN.defaultPage);
  await goInApp(page, "/lead-data-report");
  const periods = page.getByRole("table", { name: "Leads entered by location" });
  await expectVisible(periods.locator("tbody tr").first());
  const locations = await periods.locator("tbody tr td:first-child").allInnerTexts();
  const { name, rows } = await downloadedRows(page, "Export CSV");
  assert.match(name, DATED("LeadData"));
  assert.deepEqual(rows[0], ["Location", "Today", "Yesterday", "This Week", "Last Week", "Month to Date", "Last Month"]);
  assert.deepEqual(rows.slice(1).map((row) => row[0]), locations.map((text) => text.trim()));

  await page.getByLabel("Practice").selectOption({ label: locations[1]!.trim() });
  await page.getByRole("button", { name: "Update" }).click();
  await page.waitForFunction(() => document.querySelectorAll("table")[1]?.querySelectorAll("tbody tr").length === 1);
  const range = await downloadedRows(page, "Export range CSV");
  assert.deepEqual(range.rows.map((row) => row[0]), ["Location", locations[1]!.trim()]);
  await snapshot(page, "lead-data-export-saved");
}, { timeout: 120_000 });

e2e("Universal Usage Report: Export CSV downloads the visits of the dates on screen", async ({ page }) => {
  await signInAs(page, ADMIN);
  await waitForPath(page, ADMIN.defaultPage);
  await goInApp(page, "/usage");
  const table = page.getByRole("table", { name: /Page visits from/ });
  await expectVisible(table.locator("tbody tr").first());
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
  const shown = Number((await table.locator("caption").innerText()).match(/(\d+) rows$/)![1]);
  const { name, rows } = await downloadedRows(page, "Export CSV");
  assert.match(name, DATED("Usage"));
  assert.deepEqual(rows[0], ["User Id", "Visited Page", "Default Practice", "User Name", "First Name", "Last Name", "Access Date", "Count"]);
  assert.equal(rows.length - 1, shown, "one line per row of the table");
}, { timeout: 120_000 });

e2e("Deleted Appointments: each view's Export CSV downloads its rows; Details every deletion, not one page", async ({ page }) => {
  await signInAs(page, ADMIN);
  await waitForPath(page, ADMIN.defaultPage);
  const settled = () => page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);

  await goInApp(page, "/deleted-appointments/bygroup");
  const groups = page.getByRole("table", { name: /Deleted appointments by group/ });
  await expectVisible(groups.locator("tbody tr").first());
  await deletedLastMonth(page, { datesInCaption: true });
  const byGroup = await downloadedRows(page, "Export CSV");
  assert.match(byGroup.name, DATED("DeletedAppointmentsByGroup"));
  assert.deepEqual(byGroup.rows.map((row) => row[0]), ["Group", "3CD", "FSD", "OTD", "SMD"]);

  await goInApp(page, "/deleted-appointments/summary");
  const summary = page.getByRole("table", { name: /Deleted appointments by practice/ });
  await deletedLastMonth(page, { datesInCaption: true });
  await expectVisible(summary.locator("tbody tr").first());
  await page.getByLabel("Region").selectOption("FSD");
  await page.waitForFunction(() => [...document.querySelectorAll("tbody th, tbody td:first-child")].every((cell) => cell.textContent?.startsWith("FS-")));
  await settled();
  const practices = await summary.locator("tbody tr").evaluateAll((rows) => rows.map((row) => row.querySelector("th, td")!.textContent!.trim()));
  const bySummary = await downloadedRows(page, "Export CSV");
  assert.match(bySummary.name, DATED("DeletedAppointmentsSummary"));
  assert.deepEqual(bySummary.rows.slice(1).map((row) => row[0]), practices);

  await goInApp(page, "/deleted-appointments/details");
  const details = page.getByRole("table", { name: /Deleted appointments, \d+ in all/ });
  await deletedLastMonth(page, { datesInCaption: false });
  await expectVisible(details.locator("tbody tr").first());
  const total = Number((await details.locator("caption").innerText()).match(/(\d+) in all/)![1]);
  assert.ok(total > 15, "more deletions than one page");
  const byDetails = await downloadedRows(page, "Export CSV");
  assert.match(byDetails.name, DATED("DeletedAppointmentsDetails"));
  assert.equal(byDetails.rows.length - 1, total, "one line per deletion the view counts");
  await expectVisible(page.getByRole("status").filter({ hasText: new RegExp(`Saved DeletedAppointmentsDetails-.*\\(${total.toLocaleString("en-US")} rows\\)`) }));
  await snapshot(page, "deleted-details-export-saved");
}, { timeout: 120_000 });

e2e("Call Recordings: Export CSV downloads every recording found, not just the page on screen", async ({ page }) => {
  await signInAs(page, STAFF);
  await waitForPath(page, STAFF.defaultPage);
  await goInApp(page, "/call-recordings");
  const table = page.getByRole("table", { name: /Call recordings: \d+ found/ });
  await expectVisible(table);
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
  const found = Number((await table.locator("caption").innerText()).match(/(\d+) found/)![1]);
  assert.ok(found > 15, "more recordings than one page");
  const { name, rows } = await downloadedRows(page, "Export CSV");
  assert.match(name, DATED("CallRecordings"));
  assert.deepEqual(rows[0], ["Date", "Phone", "Mail", "Practice", "Campaign", "File", "Size (KB)"]);
  assert.equal(rows.length - 1, found, "one line per recording found");
  await snapshot(page, "call-recordings-export-saved");
}, { timeout: 120_000 });

e2e("Quality Index Report: Export CSV downloads the tables by practice side by side", async ({ page }) => {
  await signInAs(page, ADMIN);
  await waitForPath(page, ADMIN.defaultPage);
  await goInApp(page, "/quality-index-report");
  const completed = page.getByRole("table", { name: "Leads completed this month by practice" });
  await expectVisible(completed.locator("tbody tr").first());
  const practices = (await completed.locator("tbody tr").evaluateAll((rows) => rows.map((row) => row.querySelector("th, td")!.textContent!.trim()))).sort();
  const { name, rows } = await downloadedRows(page, "Export CSV");
  assert.match(name, DATED("QualityIndex"));
  assert.equal(rows[0]![6], "Leads completed this month by practice");
  const exported = rows.slice(1).filter((row) => Number(row[6]) > 0).map((row) => row[0]);
  assert.deepEqual(exported, practices, "the practices of the completed table are the lines with completed leads");
}, { timeout: 120_000 });

e2e("Deleted Appointments Details: a cancelled export stops and saves nothing", async ({ page, t }) => {
  if (process.env.E2E_TARGET !== "server") {
    t.skip("an export held back for Cancel needs the server build (E2E_TARGET=server)");
    return;
  }
  await signInAs(page, ADMIN);
  await waitForPath(page, ADMIN.defaultPage);
  await goInApp(page, "/deleted-appointments/details");
  await expectVisible(page.getByRole("table", { name: /Deleted appointments, \d+ in all/ }).locator("tbody tr").first());
  await cancelHeldExport(page, "**/api/deleted-appointments/details/export?**");
}, { timeout: 120_000 });
