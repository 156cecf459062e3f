// Universal Usage Report: the current month by default, search by visited page and by
// user, the sortable table, and its empty and error states; beside it, the calls started from the
// members list and the results saved, per agent.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { ADMIN, goInApp, signInAs } from "./accounts.ts";
import { practiceToday } from "./browser.ts";
import { practiceLastMonth } from "./lastMonth.ts";
import { membersListReady } from "./membersList.ts";
import { e2e, expectVisible } from "./harness.ts";
import { snapshot } from "./visit.ts";
import { wordsBrokenAcrossLines } from "./layout.ts";

const HEADERS = ["User Id", "Visited Page", "Default Practice", "User Name", "First Name", "Last Name", "Access Date", "Count"];

async function openUsage(page: Page) {
  await signInAs(page, ADMIN);
  await goInApp(page, "/usage");
  await expectVisible(page.getByRole("heading", { level: 1, name: "Universal Usage Report" }));
  await expectVisible(visitsTable(page));
}

/** The report over last month, which has visits at any hour (the current month has none early on the 1st). */
async function showLastMonth(page: Page) {
  const { from, to } = practiceLastMonth();
  await page.getByLabel("Start date").fill(from);
  await page.getByLabel("End date").fill(to);
  const shown = (date: string) => `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;
  await expectVisible(visitsTable(page).locator("caption").filter({ hasText: `Page visits from ${shown(from)} to ${shown(to)}:` }));
}

/** The page visits (the first table; the call activity follows it). */
const visitsTable = (page: Page) => page.getByRole("table", { name: /^Page visits/ });
const callsTable = (page: Page) => page.getByRole("table", { name: /^Calls started and results saved/ });

async function columnValues(page: Page, index: number): Promise<string[]> {
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
  return visitsTable(page).locator(`tbody tr td:nth-child(${index + 1})`).allTextContents();
}

const pad = (n: number) => String(n).padStart(2, "0");

e2e("the report opens on the current month, sortable by every column", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await openUsage(page);
  const [year, month] = practiceToday().split("-").map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  assert.equal(await page.getByLabel("Start date").inputValue(), `${year}-${pad(month)}-01`);
  assert.equal(await page.getByLabel("End date").inputValue(), `${year}-${pad(month)}-${pad(lastDay)}`);
  assert.deepEqual(await visitsTable(page).getByRole("columnheader").allTextContents().then((h) => h.map((t) => t.replace(/[↕▲▼]/g, "").trim())), HEADERS);
  await showLastMonth(page);
  assert.ok((await visitsTable(page).locator("tbody tr").count()) > 1, "some visits last month");
  // Default practices by name (not the contract's "22;4;6", nor abbreviations such as "SM-BAYT"),
  // dates as the app writes them, practices never broken inside a name and e-mails never at all.
  const practiceNames = await visitsTable(page).locator("tbody tr td:nth-child(3) li").allTextContents();
  for (const name of practiceNames) assert.match(name, /^(All|[A-Z][A-Za-z'&.]*( [A-Za-z'&.]+)+)$/);
  assert.ok(practiceNames.some((name) => name !== "All"), "some visitors chose default practices, named");
  for (const date of await columnValues(page, 6)) assert.match(date, /^\d{2}\/\d{2}\/\d{4}$/);
  assert.match((await visitsTable(page).locator("caption").textContent()) ?? "", /^Page visits from \d{2}\/01\/\d{4} to \d{2}\/\d{2}\/\d{4}: \d+ rows$/);
  const emails = visitsTable(page).locator("tbody tr td:nth-child(4)");
  assert.ok((await emails.allTextContents()).every((email) => /^[^@\s]+@[^@\s]+$/.test(email)), "the user names are e-mails");
  for (const viewport of [{ width: 1366, height: 768 }, { width: 900, height: 768 }, { width: 1920, height: 1080 }]) {
    await page.setViewportSize(viewport);
    const broken = await wordsBrokenAcrossLines(visitsTable(page).locator("tbody tr td:nth-child(3) li, tbody tr td:nth-child(4)"));
    assert.deepEqual(broken, [], `at ${viewport.width} px a word of a practice's name or an e-mail is broken across lines`);
  }
  await page.setViewportSize({ width: 1366, height: 768 });
  await snapshot(page, "usage");

  const count = visitsTable(page).getByRole("columnheader", { name: /^Count/ });
  await count.getByRole("button").click();
  assert.equal(await count.getAttribute("aria-sort"), "ascending");
  const ascending = (await columnValues(page, 7)).map(Number);
  assert.deepEqual(ascending, [...ascending].sort((a, b) => a - b));
  await count.getByRole("button").click();
  assert.equal(await count.getAttribute("aria-sort"), "descending");
  const descending = (await columnValues(page, 7)).map(Number);
  assert.deepEqual(descending, [...descending].sort((a, b) => b - a));
}, { timeout: 180_000 }); // A month is several hundred rows: the full-page photograph and axe take a while.

e2e("search by visited page as you type, and by user with Enter or the button", async ({ page }) => {
  await openUsage(page);
  await showLastMonth(page);
  await page.getByLabel("Visited page").fill("dashboard");
  await page.waitForFunction(
    () => [...document.querySelector("table")!.querySelectorAll("tbody tr td:nth-child(2)")].every((cell) => cell.textContent?.includes("dashboard")),
    undefined,
    { timeout: 5_000 },
  );
  assert.ok((await columnValues(page, 1)).length > 0);
  await page.getByLabel("Visited page").fill("");

  const user = page.getByRole("searchbox", { name: "User" });
  await user.fill("Moreno");
  await user.press("Enter");
  await page.waitForFunction(() => [...document.querySelector("table")!.querySelectorAll("tbody tr td:nth-child(6)")].every((cell) => cell.textContent === "Moreno"));
  assert.ok((await columnValues(page, 5)).length > 0);
  await snapshot(page, "usage-by-user");

  await user.fill("nobody-at-all-xyz");
  await page.getByRole("search", { name: "Search by user" }).getByRole("button", { name: "Search" }).click();
  await expectVisible(page.getByRole("cell", { name: "No usage found for these dates and searches." }));
  await snapshot(page, "usage-empty");
}, { timeout: 120_000 });

e2e("an end date before the start date is refused: the error state and the alert", async ({ page, expectConsoleError }) => {
  expectConsoleError(/400/);
  await openUsage(page);
  const start = await page.getByLabel("Start date").inputValue();
  const [year, month] = start.split("-").map(Number) as [number, number];
  const before = month === 1 ? `${year - 1}-12-15` : `${year}-${pad(month - 1)}-15`;
  await page.getByLabel("End date").fill(before);
  await expectVisible(page.getByText(/The usage report could not be loaded/));
  await expectVisible(page.getByText(/The call activity could not be loaded/));
  assert.equal(await page.getByRole("button", { name: "Try again" }).count(), 2);
  await snapshot(page, "usage-error");
});

/** The administrator's calls started and results saved this month, as the report shows them (0 without a row). */
async function myCallActivity(page: Page): Promise<{ calls: number; results: number }> {
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
  const table = callsTable(page);
  await expectVisible(table);
  const row = table.getByRole("row").filter({ has: page.getByRole("cell", { name: ADMIN.email, exact: true }) });
  if ((await row.count()) === 0) return { calls: 0, results: 0 };
  const cells = await row.getByRole("cell").allTextContents();
  return { calls: Number(cells[4]), results: Number(cells[5]) };
}

e2e("a call started from a member's phone number is counted beside the results saved", async ({ page }) => {
  await openUsage(page);
  const before = await myCallActivity(page);
  assert.deepEqual(
    await callsTable(page).getByRole("columnheader").allTextContents().then((h) => h.map((t) => t.replace(/[↕▲▼]/g, "").trim())),
    ["User Id", "User Name", "First Name", "Last Name", "Calls Started", "Results Saved"],
  );

  await goInApp(page, "/members/all");
  await membersListReady(page);
  const phone = page.getByRole("link", { name: /\(call .+\)$/ }).first();
  assert.match((await phone.getAttribute("href")) ?? "", /^tel:[0-9+]+$/);
  const recorded = page.waitForResponse((response) => response.url().endsWith("/api/Members/calls") && response.request().method() === "POST");
  await phone.click();
  assert.equal((await recorded).status(), 201);
  await expectVisible(page.getByText("You are calling").first());

  await goInApp(page, "/usage");
  await expectVisible(visitsTable(page));
  assert.deepEqual(await myCallActivity(page), { calls: before.calls + 1, results: before.results });
  await snapshot(page, "usage-call-activity");
});
