// Call Recordings: filters, the date-range rule, search, page size, pagination, Download.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { goInApp, signInAs, STAFF } from "./accounts.ts";
import { e2e, expectVisible } from "./harness.ts";
import { snapshot } from "./visit.ts";

async function openCallRecordings(page: Page) {
  await signInAs(page, STAFF);
  await goInApp(page, "/call-recordings");
  await expectVisible(page.getByRole("heading", { level: 1, name: "Call Recordings" }));
  await expectVisible(page.getByRole("table", { name: /Call recordings: \d+ found/ }));
}

/** The count in the table's caption, once loaded. */
async function foundCount(page: Page): Promise<number> {
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
  const caption = (await page.locator("caption").textContent()) ?? "";
  const match = /: (\d+) found/.exec(caption);
  assert.ok(match, `caption "${caption}"`);
  return Number(match[1]);
}

const bodyRows = (page: Page) => page.locator("tbody tr");

e2e("the recordings load with date, phone, mail, practice and size in KB with one decimal", async ({ page }) => {
  await openCallRecordings(page);
  const headers = await page.getByRole("columnheader").allTextContents();
  assert.deepEqual(headers, ["Date", "Phone", "Mail", "Practice", "Size", "Download"]);
  assert.equal(await bodyRows(page).count(), 15, "15 rows per page by default");
  const size = await bodyRows(page).first().getByRole("cell").nth(4).textContent();
  assert.match(size ?? "", /^\d+\.\d KB$/);
  await snapshot(page, "call-recordings");
});

e2e("the campaign filter and the text search change the rows; a search without matches is empty", async ({ page }) => {
  await openCallRecordings(page);
  const all = await foundCount(page);
  const campaign = page.getByLabel("Campaign");
  const firstCampaign = await campaign.locator("option").nth(1).getAttribute("value");
  assert.ok(firstCampaign);
  await campaign.selectOption(firstCampaign);
  const ofCampaign = await foundCount(page);
  assert.ok(ofCampaign > 0 && ofCampaign < all, `campaign ${firstCampaign}: ${ofCampaign} of ${all}`);

  await page.getByRole("searchbox", { name: "Search" }).fill("no-such-recording-xyz");
  await page.getByRole("searchbox", { name: "Search" }).press("Enter");
  await expectVisible(page.getByRole("cell", { name: "No call recordings found." }));
  await snapshot(page, "call-recordings-empty");
});

e2e("a date range applies once both dates are picked; the click that opens the calendar again clears it", async ({ page }) => {
  await openCallRecordings(page);
  const all = await foundCount(page);
  const firstDate = await bodyRows(page).first().getByRole("cell").first().textContent();
  const [month, day, year] = (firstDate ?? "").slice(0, 10).split("/");
  const newest = `${year}-${month}-${day}`;

  const rangeButton = page.getByRole("button", { name: /^Date range/ });
  await rangeButton.click();
  const calendar = page.getByRole("group", { name: "Pick the first and the last day" });
  await calendar.getByLabel("From").fill(newest);
  await expectVisible(calendar);
  assert.equal(await foundCount(page), all, "one date is not a range");
  await snapshot(page, "call-recordings-calendar");

  await calendar.getByLabel("To").fill(newest);
  await calendar.waitFor({ state: "detached" });
  const ofDay = await foundCount(page);
  assert.ok(ofDay > 0 && ofDay < all, `one day: ${ofDay} of ${all}`);
  // The range as the app writes dates (the table's MM/DD/YYYY), not as the date fields hold it.
  const shown = `${month}/${day}/${year}`;
  await expectVisible(page.getByRole("button", { name: `Date range ${shown} to ${shown}`, exact: true }));

  // §5 "opening the calendar clears the previous range": one click clears it and opens the calendar.
  await rangeButton.click();
  await expectVisible(page.getByRole("button", { name: "Date range Any date", expanded: true }));
  await expectVisible(calendar);
  assert.equal(await foundCount(page), all, "the previous range is cleared");
  await expectVisible(calendar);
});

e2e("page size and pagination move through the recordings", async ({ page }) => {
  await openCallRecordings(page);
  const firstPhone = await bodyRows(page).first().getByRole("cell").nth(1).textContent();
  const pager = page.getByRole("navigation", { name: "Call recordings pages" });
  await pager.getByRole("button", { name: "Page 2" }).click();
  await expectVisible(pager.locator('[aria-current="page"]', { hasText: "2" }));
  await foundCount(page);
  assert.notEqual(await bodyRows(page).first().getByRole("cell").nth(1).textContent(), firstPhone);

  await page.getByLabel("Rows per page").selectOption("50");
  await foundCount(page);
  assert.equal(await bodyRows(page).count(), 50);
  await expectVisible(pager.locator('[aria-current="page"]', { hasText: "1" }));
});

e2e("Download opens the returned link in a new tab", async ({ page }) => {
  // The tab itself would leave the fake backend (a new tab has no MSW client): record what the
  // app asks the browser to open, then fetch that link from the app's page.
  await page.addInitScript(() => {
    const opened: unknown[][] = [];
    Object.assign(window, { openedTabs: opened });
    window.open = (...args: unknown[]) => {
      opened.push(args);
      return null;
    };
  });
  await openCallRecordings(page);
  const name = (await bodyRows(page).first().getByRole("button", { name: /^Download / }).getAttribute("aria-label"))!.replace(/^Download /, "");
  await bodyRows(page).first().getByRole("button", { name: /^Download / }).click();
  await page.waitForFunction(() => (window as unknown as { openedTabs: unknown[] }).openedTabs.length === 1);
  const [url, target] = (await page.evaluate(() => (window as unknown as { openedTabs: unknown[][] }).openedTabs[0])) as [string, string];
  assert.equal(target, "_blank");
  assert.match(url, /\/api\/call-recordings\/file\/[A-Za-z0-9._~-]+$/);
  const file = await page.evaluate(async (link) => {
    const answer = await fetch(link);
    return { status: answer.status, type: answer.headers.get("Content-Type"), disposition: answer.headers.get("Content-Disposition") };
  }, url);
  assert.equal(file.status, 200);
  assert.match(file.type ?? "", /^audio\//);
  assert.ok(file.disposition?.includes(name), `saved as ${name}: ${file.disposition}`);
});
