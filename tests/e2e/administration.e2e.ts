// A call center fills its own database from the app: an administrator adds a colleague on STAFF,
// two practices on PRACTICES AND REGIONS, and imports a payer's member file for them on MEMBER
// FILES, reading the refused row on screen; the imported member is then in the members list.
// Staff see none of these screens.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { ADMIN, goInApp, signInAs, STAFF, waitForPath } from "./accounts.ts";
import { e2e, expectVisible } from "./harness.ts";
import { wordsBrokenAcrossLines } from "./layout.ts";
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
  await page.getByRole("button", { name: "Import" }).click();
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
    const edges = await frame.evaluate((element) => ({
      right: element.getBoundingClientRect().right,
      overflow: element.scrollWidth - element.clientWidth,
      buttons: [...element.querySelectorAll("tbody button")].map((button) => button.getBoundingClientRect().right),
    }));
    assert.ok(edges.overflow <= 0, `at ${viewport.width} px the table scrolls sideways by ${edges.overflow} px`);
    assert.ok(edges.buttons.every((right) => right <= edges.right), `at ${viewport.width} px Edit or Disable lies past the table's edge`);
    await snapshot(page, `administration-staff-${viewport.width}`);
  }
}, { timeout: 120_000 });

e2e("staff see no administration entries, and the not-found page at their addresses", async ({ page }) => {
  await signInAs(page, STAFF);
  const menu = page.getByRole("navigation");
  await expectVisible(menu.getByRole("link", { name: "dashboard" }));
  for (const entry of ["STAFF", "PRACTICES AND REGIONS", "MEMBER FILES"]) assert.equal(await menu.getByRole("link", { name: entry, exact: true }).count(), 0);
  await page.goto("/staff");
  await expectVisible(page.getByRole("heading", { level: 1, name: "Page not found" }), 30_000);
}, { timeout: 120_000 });
