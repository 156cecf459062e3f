// Report drill-down: a count of the members status or priority status report opens the members
// list of exactly those members, with the filters in the address; a link naming an unknown
// practice or status says so and opens the whole list.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { ADMIN, goInApp, signInAs, waitForPath } from "./accounts.ts";
import { e2e, expectVisible } from "./harness.ts";
import { snapshot } from "./visit.ts";

async function openReport(page: Page, path: string, heading: string): Promise<void> {
  await signInAs(page, ADMIN);
  await waitForPath(page, ADMIN.defaultPage);
  await goInApp(page, path);
  await expectVisible(page.getByRole("heading", { level: 1, name: heading }));
}

/** The members list's count in its title, once loaded. */
async function listedCount(page: Page): Promise<number> {
  const count = page.locator(".members-page__count");
  await page.waitForFunction(() => {
    const text = document.querySelector(".members-page__count")?.textContent ?? "";
    return /\d/.test(text) && !document.querySelector('[aria-busy="true"]') && document.querySelector(".members-page__status")?.textContent === "";
  });
  return Number((await count.innerText()).replace(/[^0-9]/g, ""));
}

e2e("Members Status Report: a count opens the members list of exactly that many members, the filters in the address", async ({ page }) => {
  await openReport(page, "/members-status-report", "Members Status Report");
  const table = page.getByRole("table", { name: /Members by status and payer/ });
  await expectVisible(table.locator("tbody tr").first());
  await page.getByLabel("Brand").selectOption("uhc");
  await page.waitForFunction(() => document.querySelector("table tfoot td")?.textContent === "0");

  // Recare Future Appointment, UHC: the ninth count of a row, where it is not zero.
  const cell = table.locator("tbody tr > td:nth-of-type(9) a").nth(1);
  const clicked = Number(await cell.innerText());
  assert.ok(clicked > 0);
  await snapshot(page, "drill-down-members-status", { waitFor: cell });
  await cell.click();
  await waitForPath(page, "/members/all");
  assert.equal(await listedCount(page), clicked, "the list counts what the cell counted");
  const query = new URL(page.url()).searchParams;
  assert.equal(query.get("status"), "Recare Future Appointment");
  assert.equal(query.get("brand"), "uhc");
  await snapshot(page, "drill-down-members-list");

  // The address is a link to send: opened afresh, it lists the same members.
  const link = page.url();
  await page.goto(link);
  assert.equal(await listedCount(page), clicked);

  // The Members total of the totals row: the worked statuses of the payer, every practice.
  await goInApp(page, "/members-status-report");
  await page.getByLabel("Brand").selectOption("uhc");
  await page.waitForFunction(() => document.querySelector("table tfoot td")?.textContent === "0");
  const total = table.locator("tfoot td").nth(9).getByRole("link");
  const totalCount = Number((await total.innerText()).replace(/[^0-9]/g, ""));
  await total.click();
  await waitForPath(page, "/members/all");
  assert.equal(await listedCount(page), totalCount);
}, { timeout: 120_000 });

e2e("Priority Status Report: a location opens its members with planned treatment, as many as the row's sum", async ({ page }) => {
  await openReport(page, "/priority-status-report", "Priority Status Report");
  const table = page.getByRole("table", { name: /Patients with planned treatment by priority/ });
  const row = table.locator("tbody tr").nth(2);
  await expectVisible(row);
  const sum = Number(await row.locator("td").nth(5).innerText());
  await row.locator("td").first().getByRole("link").click();
  await waitForPath(page, "/members/all");
  assert.equal(await listedCount(page), sum);
  assert.equal(new URL(page.url()).searchParams.get("priority"), "any");
  assert.equal(await page.getByLabel("Planned treatment").inputValue(), "any");
}, { timeout: 120_000 });

e2e("A drill-down link naming an unknown practice or status says so and shows every member", async ({ page }) => {
  await signInAs(page, ADMIN);
  await waitForPath(page, ADMIN.defaultPage);
  await goInApp(page, "/members/all?practice=987654&status=Sleeping&brand=all");
  await expectVisible(page.getByRole("alert").filter({ hasText: /unknown status “Sleeping” and practice 987654/ }));
  const unfiltered = await listedCount(page);
  await goInApp(page, "/members-status-report");
  const extracted = page.getByRole("table", { name: /Members by status and payer/ }).locator("tfoot td").nth(10);
  await expectVisible(extracted);
  assert.equal(Number((await extracted.innerText()).replace(/\(.*\)/, "").replace(/[^0-9]/g, "")), unfiltered, "the whole list: every extracted member");
  await goInApp(page, "/members/all?practice=987654&status=Sleeping&brand=all");
  await snapshot(page, "drill-down-unknown-link", { waitFor: page.getByRole("alert") });
}, { timeout: 120_000 });

e2e("Campaigns progress: Called, Reached and Appointments, of the campaign and of an agent's row, each open exactly the members the figure counts, and the list says which", async ({ page }) => {
  await signInAs(page, ADMIN);
  await waitForPath(page, ADMIN.defaultPage);
  await goInApp(page, "/campaigns");
  const progress = page.getByRole("table", { name: /^Progress/ });
  // The demo world's campaigns have a week of calls with an appointment among them at any hour (demo/campaigns.ts): the
  // first campaign whose Appointments is a link (so are its Called and Reached).
  const row = progress.locator("tbody > tr:first-child").filter({ has: page.locator("td:nth-of-type(5) a") }).first();
  await expectVisible(row, 15_000);
  const campaign = ((await row.locator("th").innerText()).split("\n")[0] ?? "").replace(/\s+(active|paused|draft|finished)$/i, "").trim();
  for (const viewport of [{ width: 1366, height: 768 }, { width: 1920, height: 1080 }]) {
    await page.setViewportSize(viewport);
    await snapshot(page, `drill-down-campaign-progress-${viewport.width}`, { waitFor: row });
  }
  const figures = [
    { column: 3, figure: null, says: `Only the members called in the campaign ${campaign}.` },
    { column: 4, figure: "reached", says: `Only the members reached in the campaign ${campaign} (a result saved in it reached a person).` },
    { column: 5, figure: "appointments", says: `Only the members given an appointment in the campaign ${campaign} (its goal result, else Appointment Made, saved in it, whatever their result is now).` },
  ];
  const counted: number[] = [];
  for (const { column, figure, says } of figures) {
    if (column !== 3) await goInApp(page, "/campaigns");
    const link = progress.locator("tbody > tr:first-child").filter({ hasText: campaign }).locator(`td:nth-of-type(${column}) a`);
    await expectVisible(link, 15_000);
    const count = Number((await link.innerText()).replace(/[^0-9]/g, ""));
    assert.ok(count > 0);
    await link.click();
    await waitForPath(page, "/members/all");
    assert.equal(await listedCount(page), count, `the list counts the members of ${figure ?? "called"}`);
    assert.equal(new URL(page.url()).searchParams.get("campaignFigure"), figure);
    await expectVisible(page.getByRole("status").filter({ hasText: says }));
    counted.push(count);
    if (figure === "reached") {
      for (const viewport of [{ width: 1366, height: 768 }, { width: 1920, height: 1080 }]) {
        await page.setViewportSize(viewport);
        await snapshot(page, `drill-down-campaign-reached-${viewport.width}`);
      }
    }
  }
  assert.ok(counted[0]! >= counted[1]! && counted[1]! >= counted[2]!, "reached is some of called, and the appointments some of reached");
  // An agent's row under the campaign: the members that agent called in it.
  await goInApp(page, "/campaigns");
  const agentRow = progress.locator("tr.campaign-progress__agent").filter({ has: page.locator("td:nth-of-type(2) a") }).first();
  await expectVisible(agentRow, 15_000);
  // The row header reads "<campaign>, agent <first> <last>", its first words for a screen reader only.
  const agentName = (await agentRow.locator("th").innerText()).replace(/^[\s\S]*,\s*agent\s+/, "").trim();
  assert.ok(agentName !== "");
  const agentLink = agentRow.locator("td:nth-of-type(2) a");
  const agentCount = Number((await agentLink.innerText()).replace(/[^0-9]/g, ""));
  assert.ok(agentCount > 0);
  await agentLink.click();
  await waitForPath(page, "/members/all");
  assert.equal(await listedCount(page), agentCount, "the list counts the members the agent called in the campaign");
  assert.match(new URL(page.url()).searchParams.get("campaignAgent") ?? "", /^[1-9][0-9]*$/);
  // The agent named as their row names them, not by their number.
  const namedAgent = new RegExp(`^Only the members called in the campaign .+ by the agent ${agentName.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\.`);
  await expectVisible(page.getByRole("status").filter({ hasText: namedAgent }));
  for (const viewport of [{ width: 1366, height: 768 }, { width: 1920, height: 1080 }]) {
    await page.setViewportSize(viewport);
    await snapshot(page, `drill-down-campaign-agent-${viewport.width}`);
  }
  // Back to every member: the campaign and its figure leave the address and the list.
  await page.getByRole("button", { name: "Show members of every campaign" }).click();
  await page.waitForFunction(() => ["campaign", "campaignFigure", "campaignAgent"].every((name) => !new URL(location.href).searchParams.has(name)));
  assert.ok((await listedCount(page)) > counted[0]!);
}, { timeout: 180_000 });
