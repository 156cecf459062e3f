// An administrator imports a practice's leads feed on MEMBER FILES, by keyboard and mouse as the
// page offers: the feed is read from the file's name, the refused row is named with its line, and
// the run is in the latest feed imports.
import assert from "node:assert/strict";
import { ADMIN, goInApp, signInAs } from "./accounts.ts";
import { e2e, expectVisible } from "./harness.ts";
import { membersListReady } from "./membersList.ts";
import { snapshot } from "./visit.ts";

e2e("an administrator imports a practice feed file and reads its refused row and its run", async ({ page }) => {
  await signInAs(page, ADMIN);
  await goInApp(page, "/members/all");
  await membersListReady(page);
  const headers = (await page.getByRole("row").first().getByRole("columnheader").allTextContents()).map((text) => text.trim());
  const column = headers.findIndex((text) => text.startsWith("Practice"));
  const practice = (await page.getByRole("row").nth(1).locator("td, th").nth(column).textContent())!.trim();
  await goInApp(page, "/member-files");
  await expectVisible(page.getByRole("heading", { name: "Practice feeds" }));
  const run = Date.now().toString().slice(-7);
  const file = `leads_${run}.csv`;
  const lines = [
    "Practice,LeadNum,Source,Stage,Outcome,LostReason,CreatedAt,ClosedAt",
    `${practice},E2E-${run}-1,Website,Contacted,open,,2026-11-15 10:05,`,
    `${practice},E2E-${run}-2,Google,Won,sleeping,,2026-11-15 10:05,`,
  ];
  await page.getByLabel("Practice feed file (CSV)").setInputFiles({ name: file, mimeType: "text/csv", buffer: Buffer.from(lines.join("\n")) });
  assert.equal(await page.getByLabel("Feed", { exact: true }).inputValue(), "leads");
  await page.getByRole("button", { name: "Import feed" }).focus();
  await page.keyboard.press("Enter");
  await expectVisible(page.getByRole("heading", { name: new RegExp(`^${file.replace(".", "\\.")} was`) }), 30_000);
  assert.equal(await page.getByRole("heading", { name: `${file} was imported` }).count(), 1);
  const refused = page.getByRole("table", { name: "Refused rows" });
  const rows = await refused.getByRole("row").allTextContents();
  assert.equal(rows.length, 2);
  assert.match(rows[1]!, /^3Outcome/);
  await snapshot(page, "feed-files-report");
  await page.getByRole("button", { name: "Import another feed file" }).click();
  const runs = page.getByRole("table", { name: "Latest feed imports" });
  await expectVisible(runs);
  assert.match((await runs.getByRole("row").nth(1).textContent()) ?? "", new RegExp(file.replace(".", "\\.")));
  await snapshot(page, "feed-files-runs");
});
