// The table reports: Priority Status, Members Status, Lead Data and the Deleted
// Appointments views, against the fake backend.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import type { Locator, Page } from "playwright-core";
import { ADMIN, goInApp, signInAs, waitForPath } from "./accounts.ts";
import { deletedLastMonth, practiceLastMonth } from "./lastMonth.ts";
import { e2e, expectVisible } from "./harness.ts";
import { snapshot } from "./visit.ts";

async function openReport(page: Page, path: string, heading: string): Promise<void> {
  await signInAs(page, ADMIN);
  await waitForPath(page, ADMIN.defaultPage);
  await goInApp(page, path);
  await expectVisible(page.getByRole("heading", { level: 1, name: heading }));
}

/** The text of one column of a table's body rows. */
async function columnTexts(table: Locator, index: number): Promise<string[]> {
  return table.locator("tbody tr").evaluateAll(
    (rows, i) => rows.map((row) => (row.querySelectorAll("td")[i] as HTMLElement | undefined)?.innerText.trim() ?? ""),
    index,
  );
}

/** Waits until no load is under way and the first table's body has `n` rows ("eq"), or some but fewer ("lt"). */
async function waitForRows(page: Page, relation: "eq" | "lt", n: number): Promise<void> {
  await page.waitForFunction(
    ([relation, n]) => {
      if (document.querySelector('[aria-busy="true"]')) return false;
      const table = document.querySelector("table");
      if (!table) return false;
      const rows = table.querySelectorAll("tbody tr:not(:has(.data-table__empty))").length;
      return relation === "eq" ? rows === n : rows > 0 && rows < n;
    },
    [relation, n] as const,
  );
}

const numbers = (texts: string[]) => texts.map((text) => Number(text.replace(/[^0-9.-]/g, "")));
const ascending = (values: number[]) => values.every((value, i) => i === 0 || values[i - 1]! <= value);
const descending = (values: number[]) => values.every((value, i) => i === 0 || values[i - 1]! >= value);

e2e("Priority Status Report: filters change the rows, P1 sorts both ways, the CSV has the rows on screen", async ({ page }) => {
  await openReport(page, "/priority-status-report", "Priority Status Report");
  const table = page.getByRole("table", { name: /Patients with planned treatment by priority/ });
  await expectVisible(table);
  const all = await columnTexts(table, 0);
  assert.ok(all.length > 3, "every practice has a row");
  await snapshot(page, "priority-status-report", { waitFor: table });

  await page.getByLabel("Region").selectOption("SMD");
  await waitForRows(page, "lt", all.length);
  const smd = await columnTexts(table, 0);
  assert.ok(smd.length > 0 && smd.length < all.length, "the region keeps only its practices");
  const practiceOptions = await page.getByLabel("Practice").locator("option").allInnerTexts();
  assert.deepEqual(practiceOptions.slice(1).sort(), [...smd].sort(), "the practice choices follow the region");

  await page.getByLabel("Practice").selectOption({ label: smd[1]! });
  await waitForRows(page, "eq", 1);
  assert.deepEqual(await columnTexts(table, 0), [smd[1]]);

  await page.getByLabel("Practice").selectOption("all");
  await page.getByLabel("Region").selectOption("all");
  await waitForRows(page, "eq", all.length);

  const p1 = page.getByRole("columnheader", { name: "P1" });
  await p1.getByRole("button").click();
  assert.equal(await p1.getAttribute("aria-sort"), "ascending");
  assert.ok(ascending(numbers(await columnTexts(table, 1))), "P1 ascending");
  await p1.getByRole("button").click();
  assert.equal(await p1.getAttribute("aria-sort"), "descending");
  const p1Values = numbers(await columnTexts(table, 1));
  assert.ok(descending(p1Values), "P1 descending");

  // The server's export: every row of the filters, by location, named by the report and the day.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
  assert.equal(download.suggestedFilename(), "PriorityStatus.csv");
  const csv = await readFile((await download.path())!, "utf8");
  const lines = csv.trim().split(/\r?\n/);
  assert.equal(lines[0], "Location,P1,P2,P3,P4,Sum");
  assert.equal(lines.length - 1, all.length, "one line per row on screen");
  const locations = await columnTexts(table, 0);
  const p1ByLocation = new Map(locations.map((location, i) => [location, p1Values[i]]));
  assert.deepEqual(
    lines.slice(1).map((line) => line.split(",").slice(0, 2).join(",")),
    [...locations].sort().map((location) => `${location},${p1ByLocation.get(location)}`),
    "the lines are the rows on screen, by location",
  );

  await page.getByRole("button", { name: "Refresh" }).click();
  await expectVisible(table);
}, { timeout: 120_000 });

e2e("Members Status Report: filters change the rows, columns sort, totals are marked, Send Report asks first", async ({ page }) => {
  await openReport(page, "/members-status-report", "Members Status Report");
  const table = page.getByRole("table", { name: /Members by status and payer/ });
  await expectVisible(table.locator("tbody tr").first());
  const rowCount = () => table.locator("tbody tr").count();
  const all = await rowCount();
  assert.ok(all > 3, "one row per practice");

  // Total cells: green with a check when Members equals Extracted, red otherwise, and said in words.
  const marks = await table.locator("tbody tr").evaluateAll((rows) =>
    rows.map((row) => {
      const cells = [...row.querySelectorAll("td")];
      const members = cells[cells.length - 2]!;
      const extracted = cells[cells.length - 1]!;
      const value = (cell: Element) => Number(cell.textContent!.replace(/\(.*\)/, "").replace(/[^0-9]/g, ""));
      return { equal: value(members) === value(extracted), cls: members.className, words: members.textContent ?? "" };
    }),
  );
  for (const mark of marks) {
    assert.equal(mark.cls.includes("total-cell--match"), mark.equal);
    assert.equal(mark.cls.includes("total-cell--mismatch"), !mark.equal);
    assert.match(mark.words, mark.equal ? /members match extracted/ : /members differ from extracted/);
  }
  assert.ok(marks.some((m) => !m.equal), "the seed has practices with members outside the three groups");
  // Counts with thousands separators, as the other reports write them ("2,261").
  const counts = await table.locator("tbody td, tfoot td").evaluateAll((cells) =>
    cells.map((cell) => (cell.querySelector("a")?.textContent ?? cell.textContent ?? "").replace(/\(.*\)|[✓≠]/g, "").trim()),
  );
  assert.ok(counts.every((count) => /^\d{1,3}(,\d{3})*$/.test(count)), `counts written otherwise: ${JSON.stringify(counts.filter((count) => !/^\d{1,3}(,\d{3})*$/.test(count)))}`);
  assert.ok(counts.some((count) => count.includes(",")), "the totals reach thousands");
  // What ✓ and ≠ mean is shown to everyone, not only said to screen readers.
  const legend = page.getByText(/^Members \(the three groups together\) against Extracted/);
  await expectVisible(legend);
  assert.match((await legend.textContent()) ?? "", /✓ equal ≠ they differ: some extracted members are in none of the three groups\.$/);
  await snapshot(page, "members-status-report", { waitFor: table });

  await page.getByLabel("Region").selectOption("FSD");
  await waitForRows(page, "lt", all);
  const fsdPractices = await table.locator("tbody th").allInnerTexts();
  assert.ok(fsdPractices.every((p) => p.startsWith("FS-")), `FSD practices only: ${fsdPractices.join(", ")}`);

  const practice = page.getByLabel(/^Practice/);
  await practice.selectOption([{ label: fsdPractices[0]! }, { label: fsdPractices[1]! }]);
  await waitForRows(page, "eq", 2);
  assert.deepEqual(await table.locator("tbody th").allInnerTexts(), fsdPractices.slice(0, 2));

  // A brand keeps only its payer's members: the other payers' columns count nothing.
  await page.getByLabel("Region").selectOption("all");
  await page.getByLabel("Brand").selectOption("mcna");
  await page.waitForFunction(() => document.querySelector("table tfoot td")?.textContent === "0");
  const totalRow = await table.locator("tfoot td").allInnerTexts();
  const payerCells = numbers(totalRow.slice(0, 9));
  assert.deepEqual([payerCells[0], payerCells[2], payerCells[3], payerCells[5], payerCells[6], payerCells[8]], [0, 0, 0, 0, 0, 0]);
  assert.ok(payerCells[1]! > 0, "MCNA new patients are counted");
  await page.getByLabel("Brand").selectOption("all");
  await waitForRows(page, "eq", all);

  const members = page.getByRole("columnheader", { name: "Members" });
  await members.getByRole("button").click();
  assert.equal(await members.getAttribute("aria-sort"), "ascending");
  const membersValues = async () =>
    numbers(await table.locator("tbody tr").evaluateAll((rows) => rows.map((row) => {
      const cells = row.querySelectorAll("td");
      return cells[cells.length - 2]!.textContent!.replace(/\(.*\)/, "");
    })));
  assert.ok(ascending(await membersValues()), "Members ascending");
  await members.getByRole("button").click();
  assert.equal(await members.getAttribute("aria-sort"), "descending");
  assert.ok(descending(await membersValues()), "Members descending");

  // Send Report: the question first; Cancel sends nothing, Send sends.
  await page.getByRole("button", { name: "Send Report" }).click();
  const dialog = page.getByRole("dialog", { name: "Send Report" });
  await expectVisible(dialog.getByText("Are you sure you want to send report to yourself?", { exact: true }));
  await snapshot(page, "members-status-send-confirm", { waitFor: dialog });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await dialog.waitFor({ state: "detached" });
  assert.equal(await page.getByText(/Report sent to/).count(), 0, "Cancel sends nothing");

  await page.getByRole("button", { name: "Send Report" }).click();
  await dialog.getByRole("button", { name: "Send", exact: true }).click();
  await expectVisible(page.getByRole("status").filter({ hasText: /Report sent to alicia\.moreno@recalldesk\.example/ }));
  await snapshot(page, "members-status-sent");
}, { timeout: 150_000 });

e2e("Lead Data Report: the six periods by location, and a custom MM-DD-YYYY range with a practice", async ({ page }) => {
  await openReport(page, "/lead-data-report", "Lead Data Report");
  const periods = page.getByRole("table", { name: "Leads entered by location" });
  await expectVisible(periods.locator("tbody tr").first());
  const headers = await periods.locator("thead th").allInnerTexts();
  assert.deepEqual(
    headers.map((h) => h.replace(/[↕▲▼]/g, "").trim()),
    ["Location", "Today", "Yesterday", "This Week", "Last Week", "Month to Date", "Last Month"],
  );
  const locations = await columnTexts(periods, 0);
  const monthToDate = numbers(await columnTexts(periods, 5));
  // Last month: the demo's history fills it at any hour, where the month to date is empty early on the 1st.
  const lastMonth = numbers(await columnTexts(periods, 6));
  assert.ok(lastMonth.some((n) => n > 0), "leads were entered last month");
  await snapshot(page, "lead-data-report", { waitFor: periods });

  // The custom range opens as month to date: Update counts the same leads as that column.
  const start = page.getByLabel("Start date");
  const end = page.getByLabel("End date");
  assert.match(await start.inputValue(), /^\d{2}-01-\d{4}$/);
  await page.getByRole("button", { name: "Update" }).click();
  const custom = page.getByRole("table", { name: /Leads entered from/ });
  await expectVisible(custom.locator("tbody tr").first());
  assert.deepEqual(await columnTexts(custom, 0), locations);
  assert.deepEqual(numbers(await columnTexts(custom, 1)), monthToDate);

  // Last month's dates count the same leads as its column.
  const mmddyyyy = (date: string) => `${date.slice(5, 7)}-${date.slice(8)}-${date.slice(0, 4)}`;
  const { from, to } = practiceLastMonth();
  await start.fill(mmddyyyy(from));
  await end.fill(mmddyyyy(to));
  await page.getByRole("button", { name: "Update" }).click();
  await expectVisible(page.getByRole("table", { name: `Leads entered from ${mmddyyyy(from)} to ${mmddyyyy(to)}` }).locator("tbody tr").first());
  assert.deepEqual(numbers(await columnTexts(custom, 1)), lastMonth);

  // One practice: its row only.
  await page.getByLabel("Practice").selectOption({ label: locations[2]! });
  await page.getByRole("button", { name: "Update" }).click();
  await page.waitForFunction(() => document.querySelectorAll("table")[1]?.querySelectorAll("tbody tr").length === 1);
  assert.deepEqual(await columnTexts(custom, 0), [locations[2]]);
  assert.deepEqual(numbers(await columnTexts(custom, 1)), [lastMonth[2]]);

  // Dates not written MM-DD-YYYY, or running backwards, are refused before any call.
  await start.fill("2026-11-01");
  await page.getByRole("button", { name: "Update" }).click();
  await expectVisible(page.getByRole("alert").filter({ hasText: "Enter the start and end dates as MM-DD-YYYY." }));
  await start.fill("12-31-2099");
  await end.fill("01-01-2000");
  await page.getByRole("button", { name: "Update" }).click();
  await expectVisible(page.getByRole("alert").filter({ hasText: "The end date must not be before the start date." }));
  // The table keeps saying which dates it counted, not the ones being typed.
  assert.match(await custom.locator("caption").innerText(), /^Leads entered from \d{2}-01-\d{4} to \d{2}-\d{2}-\d{4}$/);
  await snapshot(page, "lead-data-report-range-problem");
}, { timeout: 120_000 });

e2e("Deleted appointments: By Group, Summary and Details follow the range, region and practice; Details pages", async ({ page }) => {
  await openReport(page, "/deleted-appointments/bygroup", "Deleted Appointments — By Group");
  const groups = page.getByRole("table", { name: /Deleted appointments by group/ });
  await expectVisible(groups.locator("tbody tr").first());
  await deletedLastMonth(page, { datesInCaption: true });
  // Groups by their names (the demo's), in the order of their codes 3CD, FSD, OTD, SMD.
  assert.deepEqual(await columnTexts(groups, 0), ["Three Cities Dental", "Family Smiles", "Bright Path Dental", "Smile Magic"]);
  const groupCounts = numbers(await columnTexts(groups, 1));
  assert.ok(groupCounts.some((n) => n > 0), "appointments were deleted last month");
  await snapshot(page, "deleted-bygroup", { waitFor: groups });

  const count = page.getByRole("columnheader", { name: "Deleted appointments" });
  await count.getByRole("button").click();
  assert.equal(await count.getAttribute("aria-sort"), "ascending");
  assert.ok(ascending(numbers(await columnTexts(groups, 1))));
  await count.getByRole("button").click();
  assert.ok(descending(numbers(await columnTexts(groups, 1))));

  await page.getByLabel("Region").selectOption("SMD");
  await waitForRows(page, "eq", 1);
  assert.deepEqual(await columnTexts(groups, 0), ["Smile Magic"]);

  // A range with no deletions counts nothing.
  await page.getByLabel("Region").selectOption("all");
  await page.getByLabel("From", { exact: true }).fill("2001-01-01");
  await page.getByLabel("To", { exact: true }).fill("2001-01-31");
  await page.waitForFunction(() => document.querySelector("table caption")?.textContent?.includes("2001-01-31"));
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
  assert.deepEqual(numbers(await columnTexts(groups, 1)), [0, 0, 0, 0]);

  await goInApp(page, "/deleted-appointments/summary");
  await expectVisible(page.getByRole("heading", { level: 1, name: "Deleted Appointments — Summary" }));
  const summary = page.getByRole("table", { name: /Deleted appointments by practice/ });
  await deletedLastMonth(page, { datesInCaption: true });
  await expectVisible(summary.locator("tbody tr").first());
  const allPractices = await columnTexts(summary, 0);
  await page.getByLabel("Region").selectOption("FSD");
  await waitForRows(page, "lt", allPractices.length);
  const fsd = await columnTexts(summary, 0);
  assert.ok(fsd.length > 0 && fsd.every((p) => p.startsWith("FS-")), `FSD practices only: ${fsd.join(", ")}`);
  assert.ok((await columnTexts(summary, 3)).every((text) => /\(\d+\)/.test(text)), "reasons with their counts");
  await snapshot(page, "deleted-summary", { waitFor: summary });

  await goInApp(page, "/deleted-appointments/details");
  await expectVisible(page.getByRole("heading", { level: 1, name: "Deleted Appointments — Details" }));
  const details = page.getByRole("table", { name: /Deleted appointments, \d+ in all/ });
  await deletedLastMonth(page, { datesInCaption: false });
  await expectVisible(details.locator("tbody tr").first());
  const caption = (await details.locator("caption").innerText()).match(/(\d+) in all \(page 1 of (\d+)\)/);
  assert.ok(caption, "the caption says how many and the pages");
  const total = Number(caption[1]);
  assert.equal(await details.locator("tbody tr").count(), Math.min(15, total));
  await snapshot(page, "deleted-details", { waitFor: details });
  if (Number(caption[2]) > 1) {
    const firstPage = await columnTexts(details, 2);
    await page.getByRole("button", { name: "Next" }).click();
    await expectVisible(page.getByRole("table", { name: /\(page 2 of/ }));
    assert.notDeepEqual(await columnTexts(details, 2), firstPage, "page 2 holds other deletions");
    await page.getByLabel("Rows per page").selectOption("50");
    await expectVisible(page.getByRole("table", { name: /\(page 1 of/ }));
    assert.equal(await details.locator("tbody tr").count(), Math.min(50, total));
  }
  const practice = (await columnTexts(details, 1))[0]!;
  await page.getByLabel("Practice").selectOption({ label: practice });
  await page.waitForFunction(
    (practice) => [...document.querySelectorAll("table tbody tr")].every((row) => row.querySelectorAll("td")[1]?.textContent === practice),
    practice,
  );
  await expectVisible(details.locator("tbody tr").first());
  const practices = await columnTexts(details, 1);
  assert.ok(practices.every((p) => p === practice), `only ${practice}: ${practices.join(", ")}`);
}, { timeout: 120_000 });
