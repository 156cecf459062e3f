// A call center fills its own database from the app: an administrator adds a colleague on STAFF,
// two practices on PRACTICES AND REGIONS, and imports a payer's member file for them on MEMBER
// FILES, reading the refused row on screen; the imported member is then in the members list. An
// administrator adds, renames and removes regions, and the menu, the report filters and the
// members list's title follow at once. Staff see none of these screens.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { ADMIN, goInApp, signInAs, STAFF, waitForPath } from "./accounts.ts";
import { e2e, expectVisible } from "./harness.ts";
import { sidewaysOverflow, wordsBrokenAcrossLines } from "./layout.ts";
import { membersListReady } from "./membersList.ts";
import { snapshot } from "./visit.ts";

const HEADER = "Subscriber_ID,MCO,First_Name,Last_Name,Practice,Date_of_Birth,Phone";

async function openFromMenu(page: Page, entry: string, path: string, heading: string): Promise<void> {
  await page.getByRole("navigation").getByRole("link", { name: entry, exact: true }).click();
  await waitForPath(page, path);
  await expectVisible(page.getByRole("heading", { level: 1, name: heading }), 30_000);
}

async function addPractice(page: Page, name: string, abbreviation: string): Promise<void> {
  await page.getByRole("button", { name: "Add practice" }).click();
  const form = page.getByRole("dialog", { name: "Add a practice" });
  await form.getByLabel("Name", { exact: true }).fill(name);
  await form.getByLabel(/^Abbreviation/).fill(abbreviation);
  await form.getByLabel("Region").selectOption("FSD");
  await form.getByRole("checkbox", { name: "DENTA" }).check();
  await form.getByRole("button", { name: "Save" }).click();
  await expectVisible(page.getByText(`${abbreviation} ${name} was added.`));
}

e2e("an administrator adds a colleague and two practices, and imports a member file for them, all from the app", async ({ page }) => {
  // Names of this run's own: on a shared backend an earlier run's rows are still there.
  const run = Date.now().toString(36).slice(-5).toUpperCase();
  const colleague = { first: "Noor", last: `Haddad${run}`, email: `noor.haddad.${run.toLowerCase()}@recalldesk.example` };
  const practices = [`FS-A${run}`, `FS-B${run}`];
  await signInAs(page, ADMIN);

  await openFromMenu(page, "STAFF", "/staff", "Staff");
  await page.getByRole("button", { name: "Add staff member" }).click();
  const form = page.getByRole("dialog", { name: "Add a staff member" });
  await form.getByLabel("First name").fill(colleague.first);
  await form.getByLabel("Last name").fill(colleague.last);
  await form.getByLabel(/^E-mail/).fill(colleague.email);
  await form.getByRole("button", { name: "Save" }).click();
  await expectVisible(page.getByText(`${colleague.first} ${colleague.last} was added: they sign in with the account of ${colleague.email}.`));
  await expectVisible(page.getByRole("row").filter({ hasText: colleague.email }));
  await snapshot(page, "administration-staff");

  await openFromMenu(page, "PRACTICES AND REGIONS", "/practices-and-regions", "Practices and regions");
  await addPractice(page, `Family Smiles Alpha ${run}`, practices[0]!);
  await addPractice(page, `Family Smiles Beta ${run}`, practices[1]!);
  await snapshot(page, "administration-practices");

  await openFromMenu(page, "MEMBER FILES", "/member-files", "Member files");
  const lines = [
    HEADER,
    `7${run}01,DentaQuest CHIP,Ivy,Quill${run},${practices[0]},2014-05-06,(713) 555-0150`,
    `7${run}02,DentaQuest CHIP,Jay,,${practices[1]},2014-05-06,(713) 555-0151`,
    `7${run}03,DentaQuest CHIP,Kim,Rowe${run},${practices[1]},2015-07-08,(713) 555-0152`,
  ];
  const file = `DENTA_ELIG_${run}.csv`;
  await page.getByLabel("Member file (CSV)").setInputFiles({ name: file, mimeType: "text/csv", buffer: Buffer.from(lines.join("\n")) });
  assert.equal(await page.getByLabel("Payer").inputValue(), "denta");
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expectVisible(page.getByRole("heading", { name: `${file} was imported` }), 60_000);
  await expectVisible(page.getByText(`Imported 2 rows from ${file}, 1 rejected (row 3: missing Last_Name)`));
  const refused = page.getByRole("table", { name: "Refused rows" });
  assert.deepEqual(await refused.getByRole("row").allTextContents(), ["LineWhy", "3missing Last_Name"]);
  await snapshot(page, "administration-member-file");

  // The list opened on every practice and searched to the new member, as a link can open it.
  await goInApp(page, `/members/all?practice=all&search=7${run}01`);
  await membersListReady(page);
  await expectVisible(page.locator("tbody tr.member-row").filter({ hasText: `Quill${run}` }), 30_000);
}, { timeout: 240_000 });

e2e("the Staff list keeps practice codes whole and its Edit and Disable within the table, at 1366, 1920 and 900 px", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInAs(page, ADMIN);
  await openFromMenu(page, "STAFF", "/staff", "Staff");
  const table = page.getByRole("table", { name: /^Staff accounts/ });
  await expectVisible(table.locator("tbody tr").first());
  for (const viewport of [{ width: 1366, height: 768 }, { width: 1920, height: 1080 }, { width: 900, height: 768 }]) {
    await page.setViewportSize(viewport);
    // A practice code ("SM-BAYT") is one word: laid out on two lines, it broke at its hyphen.
    assert.deepEqual(await wordsBrokenAcrossLines(table.locator("tbody tr td:nth-child(3)")), [], `at ${viewport.width} px practice codes break at their hyphen`);
    const frame = page.locator(".table-scroll", { has: table });
    assert.equal(await sidewaysOverflow(frame), 0, `at ${viewport.width} px the table scrolls sideways`);
    const edges = await frame.evaluate((element) => ({
      right: element.getBoundingClientRect().right,
      buttons: [...element.querySelectorAll("tbody button")].map((button) => button.getBoundingClientRect().right),
    }));
    assert.ok(edges.buttons.every((right) => right <= edges.right), `at ${viewport.width} px Edit or Disable lies past the table's edge`);
    await snapshot(page, `administration-staff-${viewport.width}`);
  }
}, { timeout: 120_000 });

/** A region's Rename or Add form, filled and saved; the notice it leaves. */
async function saveRegion(page: Page, dialog: string, fields: { code?: string; title: string }, notice: string): Promise<void> {
  const form = page.getByRole("dialog", { name: dialog });
  if (fields.code !== undefined) await form.getByLabel(/^Code/).fill(fields.code);
  await form.getByLabel(/^Name/).fill(fields.title);
  await form.getByRole("button", { name: "Save" }).click();
  await expectVisible(page.getByText(notice));
}

const renameRegion = async (page: Page, code: string, title: string) => {
  await page.getByRole("button", { name: `Rename ${code}` }).click();
  await saveRegion(page, `Rename ${code}`, { title }, `${code} is now called ${title}.`);
};

e2e("an administrator adds, renames and removes regions; the menu, the filters and the members list follow at once", async ({ page, expectConsoleError }) => {
  // The refused removal of a region with practices is the browser's logged 409.
  expectConsoleError(/409/);
  const run = Date.now().toString(36).slice(-5).toUpperCase();
  const added = { code: `N${run}`, title: `North Texas ${run}` };
  const renamed = `Family Smiles South ${run}`;
  await signInAs(page, ADMIN);
  await openFromMenu(page, "PRACTICES AND REGIONS", "/practices-and-regions", "Practices and regions");
  const menu = page.getByRole("navigation", { name: "Main menu" });
  const members = menu.getByRole("button", { name: "MEMBERS" });
  if ((await members.getAttribute("aria-expanded")) !== "true") await members.click();
  const regions = page.getByRole("table", { name: /^Regions/ });
  try {
    await page.getByRole("button", { name: "Add region" }).click();
    await saveRegion(page, "Add a region", added, `${added.code} ${added.title} was added.`);
    await expectVisible(regions.getByRole("row").filter({ hasText: added.title }));

    await renameRegion(page, "FSD", renamed);
    // The menu of this very tab shows the new name without a page change.
    await expectVisible(menu.getByRole("link", { name: renamed, exact: true }));
    assert.equal(await menu.getByRole("link", { name: "Family Smiles", exact: true }).count(), 0);

    // A region with practices stays, and the refusal names them.
    await page.getByRole("button", { name: "Remove SMD" }).click();
    await page.getByRole("dialog", { name: /^Remove SMD/ }).getByRole("button", { name: "Remove" }).click();
    await expectVisible(page.getByRole("alert").filter({ hasText: /^SMD has practices: SM-[A-Z0-9-]+(, SM-[A-Z0-9-]+)*\. Move them to another region first$/ }));
    await expectVisible(regions.getByRole("rowheader", { name: "SMD", exact: true }));
    await snapshot(page, "administration-regions", { waitFor: regions });

    // The report filters offer the regions by their current names; the list's title names its region.
    await openFromMenu(page, "Members Status Report", "/members-status-report", "Members Status Report");
    // The choices come with the report's lists, a moment after the heading.
    await page.getByLabel("Region").locator("option", { hasText: renamed }).waitFor({ state: "attached", timeout: 30_000 });
    const options = await page.getByLabel("Region").locator("option").allTextContents();
    assert.ok(options.includes(renamed) && options.includes(added.title), `the region filter offers ${options.join(", ")}`);
    assert.ok(!options.includes("FSD") && !options.includes("Family Smiles"), "codes and old names are gone from the filter");
    await menu.getByRole("link", { name: renamed, exact: true }).click();
    await waitForPath(page, "/members/family-smiles");
    await expectVisible(page.getByRole("heading", { level: 1, name: new RegExp(`^Members — ${renamed}`) }), 30_000);
    assert.equal(await page.title(), `Members — ${renamed} · Recall Desk`);

    await openFromMenu(page, "PRACTICES AND REGIONS", "/practices-and-regions", "Practices and regions");
    await page.getByRole("button", { name: `Remove ${added.code}` }).click();
    await page.getByRole("dialog", { name: `Remove ${added.code} ${added.title}?` }).getByRole("button", { name: "Remove" }).click();
    await expectVisible(page.getByText(`${added.code} ${added.title} was removed.`));
    assert.equal(await regions.getByRole("rowheader", { name: added.code, exact: true }).count(), 0);
  } finally {
    // The demo's names for the walks that follow on a shared backend.
    if (!page.url().endsWith("/practices-and-regions")) await openFromMenu(page, "PRACTICES AND REGIONS", "/practices-and-regions", "Practices and regions");
    if ((await regions.getByRole("row").filter({ hasText: renamed }).count()) > 0) await renameRegion(page, "FSD", "Family Smiles");
  }
  await expectVisible(menu.getByRole("link", { name: "Family Smiles", exact: true }));
}, { timeout: 240_000 });

e2e("staff see no administration entries, and the not-found page at their addresses", async ({ page }) => {
  await signInAs(page, STAFF);
  const menu = page.getByRole("navigation");
  await expectVisible(menu.getByRole("link", { name: "dashboard" }));
  for (const entry of ["STAFF", "PRACTICES AND REGIONS", "MEMBER FILES"]) assert.equal(await menu.getByRole("link", { name: entry, exact: true }).count(), 0);
  await page.goto("/staff");
  await expectVisible(page.getByRole("heading", { level: 1, name: "Page not found" }), 30_000);
}, { timeout: 120_000 });
