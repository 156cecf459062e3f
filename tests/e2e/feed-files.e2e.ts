// An administrator imports a practice's leads feed on MEMBER FILES, by keyboard and mouse as the
// page offers: the feed is read from the file's name, the refused row is named with its line, and
// the run is in the latest feed imports. Then a practice group's first day in production, on a
// server of its own (no demo data): the four sample feed files uploaded and the practices' Open
// Dental read by the connector fill every report of the practices' data, and a member the front
// desk books in Open Dental leaves the work queue within one connector run.
import assert from "node:assert/strict";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Locator } from "playwright-core";
import { OPEN_DENTAL_JOB } from "../../domain/jobs.ts";
import { mariadbUrls } from "../support/openDentalFixture.ts";
import { ADMIN, goInApp, signInAs } from "./accounts.ts";
import { launchBrowser, practiceToday } from "./browser.ts";
import { addDays, callApi, CLINICS, FIRST_ADMIN, movedDates, runJobNow, startFreshPracticeGroup } from "./freshPracticeGroup.ts";
import { e2e, expectVisible } from "./harness.ts";
import { membersListReady } from "./membersList.ts";
import { projectRoot } from "./target.ts";
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

/** Text of each body row's cells of a table. */
const rowsOf = (table: Locator) =>
  table.locator("tbody tr").evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll("th, td")].map((cell) => (cell as HTMLElement).innerText.trim())));

const SAMPLES = join(projectRoot, "server/import/sample");
/** The day the sample feed files were written about (their last lead closed then). */
const SAMPLE_DAY = "2026-11-12";
const FEED_SAMPLES = ["appointments_20261118.csv", "deleted-appointments_20261118.csv", "planned-treatment_20261118.csv", "leads_20261118.csv"];
/** A member of the payer's file whom the practice's Open Dental knows, with no appointment there yet. */
const BOOKED = { patNum: "900001", row: "700000190,900001,DentaQuest Medicaid,Wren,,Walkerton,SM-HOUS,12 Main St,Houston,TX,(713) 555-0190,2013-05-05" };

e2e("on a fresh production database the four feed files and Open Dental fill every report, and a member booked at the practice leaves the queue", async ({ t }) => {
  if (process.env.E2E_TARGET !== "server" || !mariadbUrls().admin) {
    t.skip("the server target with the test MariaDB (MARIADB_URL_TEST, as .ci/run starts it)");
    return;
  }
  const group = await startFreshPracticeGroup();
  const browser = await launchBrowser(group.baseURL);
  try {
    const page = await browser.context.newPage();
    await signInAs(page, FIRST_ADMIN);
    // The administrator's first steps (docs/practice-feeds.md, From an empty database): the region
    // and practices, then the payer's member file in the import inbox.
    assert.equal((await callApi(page, "POST", "/regions", { name: "SMD", title: "Smile Magic" })).status, 201);
    for (const clinic of CLINICS) {
      const added = await callApi(page, "POST", "/practices", { practice: clinic.name, practiceabbr: clinic.abbr, region: "SMD", brands: ["denta"] });
      assert.equal(added.status, 201, JSON.stringify(added.body));
    }
    const [header, ...members] = (await readFile(join(SAMPLES, "DENTA_ELIG_20261116.csv"), "utf8")).trimEnd().split("\n");
    const ours = members.filter((line) => CLINICS.some(({ abbr }) => line.includes(`,${abbr},`)));
    await writeFile(join(group.inbox, "DENTA_ELIG_20261116.csv"), [header, ...ours, BOOKED.row].join("\n"));
    const membersRun = await runJobNow(page, "import-denta");
    assert.equal(membersRun.status, "success", membersRun.message);

    // The four sample files, uploaded on MEMBER FILES, their dates moved so that the reports'
    // periods (today, this month) hold them.
    const today = practiceToday();
    await goInApp(page, "/member-files");
    for (const [index, file] of FEED_SAMPLES.entries()) {
      if (index > 0) await page.getByRole("button", { name: "Import another feed file" }).click();
      const text = movedDates(await readFile(join(SAMPLES, file), "utf8"), SAMPLE_DAY, today);
      await page.getByLabel("Practice feed file (CSV)").setInputFiles({ name: file, mimeType: "text/csv", buffer: Buffer.from(text) });
      await page.getByRole("button", { name: "Import feed" }).click();
      await expectVisible(page.getByRole("heading", { name: `${file} was imported` }), 30_000);
      assert.equal(await page.getByRole("table", { name: "Refused rows" }).count(), 0, `${file}: no row refused`);
    }

    // The connector reads the practice's Open Dental (OPENDENTAL_URL, a user that may only read),
    // which knows the member as its patient, with no appointment yet.
    await group.openDental.admin.query("INSERT INTO patient (PatNum, LName, FName, ClinicNum, SecDateEntry) VALUES (?, 'Walkerton', 'Wren', 1, CURDATE())", [BOOKED.patNum]);
    const firstRead = await runJobNow(page, OPEN_DENTAL_JOB);
    assert.equal(firstRead.status, "success", firstRead.message);
    t.diagnostic(`first connector run: ${firstRead.message}`);

    await goInApp(page, "/new-patient-origin");
    const months = page.getByLabel("Months");
    await expectVisible(months);
    await months.selectOption(Array.from({ length: await months.locator("option").count() }, (_, index) => ({ index })));
    const origins = page.getByRole("table", { name: "Total new patients by source" });
    await page.waitForFunction(() => {
      const total = [...document.querySelectorAll("table caption")].find((c) => c.textContent === "Total new patients by source")?.closest("table")?.querySelector("tfoot td");
      return Number(total?.textContent) > 0 && !document.querySelector('[aria-busy="true"]');
    });
    assert.equal(await origins.locator("tfoot td").first().innerText(), "1", "Jordan Brooks's first visit, the only member's");

    await goInApp(page, "/priority-status-report");
    const priorities = page.getByRole("table", { name: /Patients with planned treatment by priority/ });
    await expectVisible(priorities.locator("tbody tr").first());
    const byPractice = new Map((await rowsOf(priorities)).map(([practice, ...counts]) => [practice, counts.map(Number)]));
    for (const { abbr } of CLINICS) assert.ok(byPractice.get(abbr)?.some((count) => count > 0), `${abbr} has planned treatment: ${JSON.stringify([...byPractice])}`);

    await goInApp(page, "/quality-index-report");
    const lost = page.getByRole("table", { name: "Leads lost this month", exact: true });
    await expectVisible(lost.locator("tbody tr").first());
    assert.deepEqual(await rowsOf(lost), [["SM-HOUS", "1"]]);

    await goInApp(page, "/lead-data-report");
    const mmddyyyy = (date: string) => `${date.slice(5, 7)}-${date.slice(8)}-${date.slice(0, 4)}`;
    await page.getByLabel("Start date").fill(mmddyyyy(addDays(today, -30)));
    await page.getByLabel("End date").fill(mmddyyyy(addDays(today, 30)));
    await page.getByRole("button", { name: "Update" }).click();
    const entered = page.getByRole("table", { name: /Leads entered from/ });
    await expectVisible(entered.locator("tbody tr").first());
    assert.deepEqual((await rowsOf(entered)).map((row) => row.slice(0, 2)), [["SM-HOUS", "2"], ["SM-PASA", "1"]]);

    // The deletions of the file (days ahead of today: the sample's were written after its leads) and of Open Dental (the days before).
    const range = { from: addDays(today, -30), to: addDays(today, 30) };
    const deletedRange = async (path: string) => {
      await goInApp(page, path);
      await page.getByLabel("From", { exact: true }).fill(range.from);
      await page.getByLabel("To", { exact: true }).fill(range.to);
    };
    const rangeCounted = () =>
      page.waitForFunction((to) => [...document.querySelectorAll("table caption")].some((c) => c.textContent?.includes(to)) && !document.querySelector('[aria-busy="true"]'), range.to);
    await deletedRange("/deleted-appointments/bygroup");
    await rangeCounted();
    const groups = await rowsOf(page.getByRole("table", { name: /Deleted appointments by group/ }));
    assert.equal(groups.length, 1);
    assert.equal(groups[0]![0], "Smile Magic");
    assert.ok(Number(groups[0]![1]) > 2, `the file's two deletions and Open Dental's: ${groups[0]![1]}`);
    await deletedRange("/deleted-appointments/summary");
    await rangeCounted();
    const summary = await rowsOf(page.getByRole("table", { name: /Deleted appointments by practice/ }));
    assert.deepEqual(summary.map((row) => row[0]), ["SM-HOUS", "SM-PASA"]);
    await deletedRange("/deleted-appointments/details");
    await expectVisible(page.getByRole("table", { name: /Deleted appointments, \d+ in all/ }).getByText("Jordan Brooks"), 15_000);

    // The queue: the member is served, with nothing booked at the practice…
    await goInApp(page, "/members/all");
    await membersListReady(page);
    const filters = page.getByRole("search", { name: "Filter members" });
    await filters.getByLabel("Practice", { exact: true }).selectOption("all");
    await filters.getByLabel("Search", { exact: true }).fill("Walkerton");
    await membersListReady(page);
    await page.getByRole("button", { name: "Next member", exact: true }).click();
    const nowCalling = page.getByRole("region", { name: "Now calling" });
    await expectVisible(nowCalling.getByText(/Walkerton/).first(), 15_000);
    await expectVisible(page.getByRole("region", { name: "Why this member?" }).getByText(/None booked at the practice/));

    // …the front desk books it in Open Dental, and one connector run later Next no longer serves it.
    await group.openDental.admin.query(
      "INSERT INTO appointment (PatNum, AptStatus, AptDateTime, ClinicNum, Note, ProcDescript, ProcsColored) VALUES (?, 1, NOW() + INTERVAL 7 DAY, 1, '', '', '')",
      [BOOKED.patNum],
    );
    const secondRead = await runJobNow(page, OPEN_DENTAL_JOB);
    assert.equal(secondRead.status, "success", secondRead.message);
    t.diagnostic(`second connector run: ${secondRead.message}`);
    await page.getByRole("button", { name: "Next member", exact: true }).click();
    await nowCalling.getByRole("button", { name: "Release and serve next" }).click();
    const noOne = page.getByRole("region", { name: "No one to call now" });
    await expectVisible(noOne.getByRole("list", { name: "Members held back, by reason" }).getByText("Appointment booked at the practice: 1"), 15_000);
    await snapshot(page, "fresh-group-booked-at-the-practice");
  } finally {
    await browser.close();
    await group.stop();
  }
}, { timeout: 300_000 });
