// Campaigns in the browser. An administrator reaches the Campaigns page from the menu, writes a
// campaign in the editor (its targets with the members list's own controls and their live count,
// two agents, a script), sees the server's refusal on the field it names, saves it as a draft,
// starts it, reads its progress and its days (chart and CSV), copies it and finishes the copy;
// staff get the not-found page at /campaigns. On a backend several browsers share (the server
// build, or fake-host), each of the two agents' Next serves a member of the campaign's practice with
// the campaign and its script beside it, and once the administrator's pause is saved the very next
// Next is no longer served from it: the agent sees the campaign leave the notice of what Next
// serves, and the next member comes without it.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import type { Locator, Page } from "playwright-core";
import { ADMIN, goInApp, signInAs, STAFF, waitForPath } from "./accounts.ts";
import { launchBrowser } from "./browser.ts";
import { e2e, expectVisible } from "./harness.ts";
import { sidewaysOverflow, textLines } from "./layout.ts";
import { membersListReady, SHARED_BACKEND } from "./membersList.ts";
import { trackNetwork } from "./network.ts";
import { snapshot } from "./visit.ts";

const PRIYA = { name: "Priya Natarajan" };
const SCRIPT = "Hello, this is your dental office.\nYou are due for your cleaning: may I book it?";

async function photograph(page: Page, name: string): Promise<void> {
  for (const viewport of [{ width: 1366, height: 768 }, { width: 1920, height: 1080 }]) {
    await page.setViewportSize(viewport);
    await snapshot(page, `${name}-${viewport.width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function openCampaigns(page: Page): Promise<void> {
  await signInAs(page, ADMIN);
  await waitForPath(page, ADMIN.defaultPage);
  await page.getByRole("link", { name: "CAMPAIGNS" }).click();
  await waitForPath(page, "/campaigns");
  await expectVisible(page.getByRole("heading", { level: 1, name: "Campaigns" }));
  await page.locator(".admin-page [role=status]").filter({ hasText: "Loading the campaigns" }).waitFor({ state: "detached" });
}

/** Writes a campaign in the editor on its first practice, for Marcus and Priya. Answers the practice's abbreviation. */
async function writeCampaign(editor: Locator, name: string): Promise<string> {
  await editor.getByLabel("Name", { exact: true }).fill(name);
  await editor.getByLabel("Call script (shown to the agent beside the member)").fill(SCRIPT);
  const practice = editor.getByRole("group", { name: "Practices" }).getByRole("checkbox").first();
  await practice.check();
  const abbr = (await editor.getByRole("group", { name: "Practices" }).locator(".practice-choice__abbr").first().textContent()) ?? "";
  await expectVisible(editor.getByRole("status").filter({ hasText: /members? match(es)? these targets now/ }), 15_000);
  const agents = editor.getByRole("group", { name: "Agents assigned" });
  await agents.getByLabel(STAFF.name, { exact: true }).check();
  await agents.getByLabel(PRIYA.name, { exact: true }).check();
  return abbr;
}

const row = (page: Page, name: string) => page.locator("table.campaigns-table tbody tr").filter({ has: page.getByRole("rowheader", { name, exact: true }) });

e2e("an administrator writes a campaign in the editor, sees a refusal on its field, saves, starts, copies and finishes the copy", async ({ page, expectConsoleError }) => {
  // The browser logs the refused requests the walk makes on purpose.
  expectConsoleError(/status of 400 \(Bad Request\).*\/api\/campaigns/);
  expectConsoleError(/status of 409 \(Conflict\).*\/api\/campaigns\/\d+\/clone/);
  await openCampaigns(page);
  const name = `Recare ${Date.now().toString(36)}`;
  await page.getByRole("button", { name: "New campaign" }).click();
  const editor = page.getByRole("dialog", { name: "New campaign" });
  await writeCampaign(editor, name);
  // A last day before the first: the server's refusal shows on the field, nothing is saved.
  const firstDay = await editor.getByLabel("First day").inputValue();
  await editor.getByLabel("Last day").fill("2000-01-01");
  await photograph(page, "campaign-editor");
  await editor.getByRole("button", { name: "Save" }).click();
  await expectVisible(editor.getByText("Last day is before the first day"));
  assert.equal(await editor.getByLabel("Last day").getAttribute("aria-invalid"), "true");
  await editor.getByLabel("Last day").fill(firstDay);
  // Begun before every backend's today (the fake backend's clock stands at the demo's day), so that it has days to chart.
  await editor.getByLabel("First day").fill("2026-11-01");
  await editor.getByRole("button", { name: "Save" }).click();
  await editor.waitFor({ state: "detached" });
  await expectVisible(page.getByRole("status").filter({ hasText: `${name} was created as a draft` }));
  const campaign = row(page, name);
  await expectVisible(campaign.getByText("draft", { exact: true }));
  assert.match((await campaign.textContent()) ?? "", new RegExp(`${STAFF.name}, ${PRIYA.name}|${PRIYA.name}, ${STAFF.name}`));

  await campaign.getByRole("button", { name: `Start ${name}` }).click();
  await expectVisible(page.getByRole("status").filter({ hasText: `${name} is active` }));
  await campaign.getByRole("button", { name: `Pause ${name}` }).click();
  await expectVisible(campaign.getByText("paused", { exact: true }));
  // Every campaign's buttons within the window beside the menu, its days on one line.
  const campaignsTable = page.getByRole("region", { name: "Campaigns table" });
  for (const viewport of [{ width: 1366, height: 768 }, { width: 1920, height: 1080 }]) {
    await page.setViewportSize(viewport);
    assert.equal(await sidewaysOverflow(campaignsTable), 0, `at ${viewport.width} px the campaigns table scrolls sideways`);
    assert.deepEqual(new Set(await textLines(campaignsTable.locator(".campaigns-table__days"))), new Set([1]), `at ${viewport.width} px a campaign's days wrap`);
  }
  await photograph(page, "campaigns-page");

  // Its progress: the members it targets, nobody called yet, its days as a chart and their CSV.
  const progress = page.locator("table.campaign-progress__table tbody").filter({ has: page.getByRole("rowheader", { name: `${name} paused`, exact: true }) });
  await expectVisible(progress, 15_000);
  const cells = await progress.locator("tr").first().getByRole("cell").allTextContents();
  assert.ok(Number(cells[0]!.replace(/,/g, "")) > 0, "the campaign targets its practice's members");
  assert.deepEqual(cells.slice(2, 8), ["0", "0", "0", "0", "0.0", "No goal"]);
  await progress.getByRole("button", { name: `Days of ${name}` }).click();
  await expectVisible(page.getByRole("heading", { name: `Days of ${name}` }));
  await expectVisible(page.getByRole("img", { name: new RegExp(`^${name}: each day \\(chart`) }));
  await page.locator(".chart__loading").waitFor({ state: "detached", timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
  assert.match(download.suggestedFilename(), new RegExp(`^Campaign-${name}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  assert.match(await readFile((await download.path())!, "utf8"), /^Day,Called,Reached,Appointments,Callbacks\r\n/);
  await photograph(page, "campaign-progress");

  await campaign.getByRole("button", { name: `Copy ${name}` }).click();
  const copyDialog = page.getByRole("dialog", { name: "Copy the campaign" });
  await copyDialog.getByLabel("Name of the copy").fill(name);
  await copyDialog.getByRole("button", { name: "Copy" }).click();
  await expectVisible(copyDialog.getByRole("alert").filter({ hasText: `There is already a campaign named ${name}` }));
  await copyDialog.getByLabel("Name of the copy").fill(`${name} copy`);
  await copyDialog.getByRole("button", { name: "Copy" }).click();
  const copy = row(page, `${name} copy`);
  await expectVisible(copy.getByText("draft", { exact: true }));
  await copy.getByRole("button", { name: `Finish ${name} copy` }).click();
  await page.getByRole("dialog", { name: `Finish ${name} copy?` }).getByRole("button", { name: "Finish" }).click();
  await expectVisible(copy.getByText("finished", { exact: true }));
  assert.equal(await copy.getByRole("button", { name: `Edit ${name} copy` }).count(), 0, "a finished campaign is not changed");
  await campaign.getByRole("button", { name: `Finish ${name}` }).click();
  await page.getByRole("dialog", { name: `Finish ${name}?` }).getByRole("button", { name: "Finish" }).click();
  await expectVisible(campaign.getByText("finished", { exact: true }));
}, { timeout: 180_000 });

e2e("staff get the not-found page at /campaigns, and no CAMPAIGNS in their menu", async ({ page }) => {
  await signInAs(page, STAFF);
  await waitForPath(page, STAFF.defaultPage);
  assert.equal(await page.getByRole("link", { name: "CAMPAIGNS" }).count(), 0);
  await goInApp(page, "/campaigns");
  await expectVisible(page.getByRole("heading", { level: 1, name: /not found/i }));
});

const nowCalling = (page: Page) => page.getByRole("region", { name: "Now calling" });

/** The agent on the whole members list, its practice filter cleared. */
async function openMembers(page: Page, person: { name: string }): Promise<void> {
  await signInAs(page, person);
  await page.waitForURL((url) => url.pathname !== "/", { timeout: 15_000 });
  await goInApp(page, "/members/all");
  await expectVisible(page.locator(".members-table table"));
  await membersListReady(page);
}

/** What Next answered: the member served (null for nobody) and the campaign it was served for. */
interface NextAnswer {
  member: { First_Name: string; Last_Name: string } | null;
  campaign: { name: string } | null;
}

/**
 * Next (letting the served member go first when asked), until what it answered is on screen: the
 * member's name, or nobody. Waiting on the answer's member rather than on any change of name keeps
 * the previous member's "Why this member?" from being read as the new one's.
 */
async function next(page: Page): Promise<NextAnswer & { practice: string }> {
  const answered = page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname.endsWith("/queue/next"));
  await page.getByRole("button", { name: /^Next member/ }).click();
  const release = page.getByRole("button", { name: "Release and serve next" });
  if (await release.isVisible().catch(() => false)) await release.click();
  const answer = (await (await answered).json()) as NextAnswer;
  if (!answer.member) {
    await expectVisible(page.locator(".now-calling--empty"), 15_000);
    return { ...answer, practice: "" };
  }
  await expectVisible(nowCalling(page).locator(".now-calling__name").filter({ hasText: `${answer.member.Last_Name}, ${answer.member.First_Name}` }), 15_000);
  const practice = ((await nowCalling(page).locator(".now-calling__member > span").first().textContent()) ?? "").split(" · ")[0]!;
  return { ...answer, practice };
}

/** More due callbacks of one agent than any walk leaves: a Next that keeps serving them is broken. */
const MAX_OWN_DUE_CALLBACKS = 50;

/**
 * Next until a member is served from a campaign. The agent's own due callbacks come first, however
 * many earlier walks booked or moved to them: each is called and its result saved, which closes
 * it (a callback only let go would be served again at the next Next).
 */
async function nextFromCampaign(page: Page): Promise<{ practice: string; campaign: Locator }> {
  const fromCampaign = nowCalling(page).getByRole("region", { name: /^Campaign / });
  const ownCallback = page.getByRole("region", { name: "Why this member?" }).getByText("Your callback is due");
  for (let promised = 0; promised < MAX_OWN_DUE_CALLBACKS; promised++) {
    const { practice, campaign } = await next(page);
    if (campaign) {
      // The campaign's script shows a moment after the member.
      await expectVisible(fromCampaign, 15_000);
      return { practice, campaign: fromCampaign };
    }
    await expectVisible(ownCallback, 15_000);
    await nowCalling(page).getByRole("combobox", { name: /^Result for / }).selectOption("Left message");
    await expectVisible(page.getByRole("heading", { name: "Result saved" }), 15_000);
  }
  throw new Error("Next never served a member of the campaign");
}

/** Finishes the campaign if it is not finished yet: other walks' Next must not be served from it. */
async function finishIfLeft(page: Page, name: string): Promise<void> {
  const finish = row(page, name).getByRole("button", { name: `Finish ${name}` });
  if (!(await finish.isVisible().catch(() => false))) return;
  await finish.click();
  await page.getByRole("dialog", { name: `Finish ${name}?` }).getByRole("button", { name: "Finish" }).click();
  await expectVisible(row(page, name).getByText("finished", { exact: true }));
}

e2e("two agents' Next serve the campaign's members with its script; once paused, the next Next is not served from it", async ({ page, baseURL, t }) => {
  if (!SHARED_BACKEND) {
    t.skip("the in-browser fake backend keeps one store per tab: run with E2E_TARGET=fake-host or server");
    return;
  }
  const marcusBrowser = await launchBrowser(baseURL);
  const priyaBrowser = await launchBrowser(baseURL);
  const name = `Houston recare ${Date.now().toString(36)}`;
  try {
    await openCampaigns(page);
    await page.getByRole("button", { name: "New campaign" }).click();
    const editor = page.getByRole("dialog", { name: "New campaign" });
    const abbr = await writeCampaign(editor, name);
    await editor.getByRole("button", { name: "Save" }).click();
    await editor.waitFor({ state: "detached" });
    await row(page, name).getByRole("button", { name: `Start ${name}` }).click();
    await expectVisible(page.getByRole("status").filter({ hasText: `${name} is active` }));

    const marcus = await marcusBrowser.context.newPage();
    const priya = await priyaBrowser.context.newPage();
    trackNetwork(marcus);
    trackNetwork(priya);
    await openMembers(marcus, STAFF);
    await openMembers(priya, PRIYA);
    await expectVisible(marcus.getByText(new RegExp(`serves your campaigns?: .*${name}`)));
    const servedMarcus = await nextFromCampaign(marcus);
    const servedPriya = await nextFromCampaign(priya);
    for (const served of [servedMarcus, servedPriya]) {
      assert.equal(served.practice, abbr, "Next serves only the campaign's members");
      assert.equal(await served.campaign.getByRole("region", { name: "Call script" }).textContent(), SCRIPT);
    }
    assert.notEqual(await nowCalling(marcus).locator(".now-calling__name").textContent(), await nowCalling(priya).locator(".now-calling__name").textContent());
    await photograph(marcus, "campaign-served");

    await row(page, name).getByRole("button", { name: `Pause ${name}` }).click();
    await expectVisible(page.getByRole("status").filter({ hasText: `${name} is paused` }));
    // The agent sees the pause: the campaign leaves the notice of what Next serves.
    await marcus.getByText(new RegExp(`serves your campaigns?: .*${name}`)).waitFor({ state: "detached", timeout: 15_000 });
    assert.equal((await next(marcus)).campaign, null, "a paused campaign is not served");
    // What the agent sees once the answer is on screen: the member (or nobody) with "Why this member?", and no campaign beside it.
    await expectVisible(marcus.getByRole("region", { name: "Why this member?" }).or(marcus.locator(".now-calling--empty")), 15_000);
    assert.equal(await nowCalling(marcus).getByRole("region", { name: /^Campaign / }).count(), 0, "no campaign is shown beside the member");
  } finally {
    await finishIfLeft(page, name).catch(() => {});
    await marcusBrowser.close();
    await priyaBrowser.close();
  }
}, { timeout: 300_000 });
