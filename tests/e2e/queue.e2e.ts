// The work queue on the members list: an agent presses Next member (the button, then the key m)
// and the member served shows above the list with its phone link focused and "Why this member?";
// Next while it is held asks whether to let it go; a key pressed there saves that member's result;
// a second agent in a second browser pressing Next gets a different member (on a backend both
// share: the server, or E2E_TARGET=fake-host); the agent's own due callbacks come before the
// filters; filters under which nobody can be called show "No one to call now" with the counts; a
// do-not-call member shows its banner and a disabled phone link.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { goInApp, signInAs, STAFF, waitForPath } from "./accounts.ts";
import { launchBrowser } from "./browser.ts";
import { e2e, expectVisible } from "./harness.ts";
import { membersListReady, openOneMember, SHARED_BACKEND } from "./membersList.ts";
import { snapshot } from "./visit.ts";

const PRIYA = { name: "Priya Natarajan" };
const VIEWPORTS = [{ width: 1366, height: 768 }, { width: 1920, height: 1080 }, { width: 900, height: 900 }];

async function openMembers(page: Page) {
  await signInAs(page, STAFF);
  await waitForPath(page, STAFF.defaultPage);
  if (STAFF.defaultPage !== "/members/all") await goInApp(page, "/members/all");
  await expectVisible(page.locator(".members-table table"));
  await membersListReady(page);
  // The spec starts from the demo's saved defaults (every status), whatever another spec saved.
  assert.equal(await filters(page).getByLabel("Status", { exact: true }).locator("option:checked").textContent(), "All statuses");
  await filters(page).getByLabel("Practice", { exact: true }).selectOption("all");
  await membersListReady(page);
}

const filters = (page: Page) => page.getByRole("search", { name: "Filter members" });
const nowCalling = (page: Page) => page.getByRole("region", { name: "Now calling" });

/** The served member's name, once its phone link has the focus. */
async function servedName(page: Page): Promise<string> {
  const panel = nowCalling(page);
  await expectVisible(panel, 15_000);
  await page.waitForFunction(() => document.activeElement?.classList.contains("now-calling__phone") === true, undefined, { timeout: 5_000 });
  return (await panel.locator(".now-calling__name").textContent()) ?? "";
}

async function shootBoth(page: Page, name: string) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await snapshot(page, `${name}-${viewport.width}`);
  }
}

e2e("Next member by button and key serves a member with its phone link ready, and why; a key there saves its result", async ({ page }) => {
  await openMembers(page);
  const nextButton = page.getByRole("button", { name: "Next member", exact: true });
  // In the header: in view without scrolling.
  assert.ok(await nextButton.isVisible());
  assert.ok(((await nextButton.boundingBox())?.y ?? 999) < 200, "Next member is at the top of the page");

  await nextButton.click();
  const first = await servedName(page);
  assert.ok(first.length > 0);
  const phone = nowCalling(page).getByRole("link", { name: /\(call / });
  assert.match((await phone.getAttribute("href")) ?? "", /^tel:\d{10}$/);
  const why = page.getByRole("region", { name: "Why this member?" });
  await expectVisible(why.getByText("Attempts", { exact: true }));
  await expectVisible(why.getByText("Last result", { exact: true }));
  await shootBoth(page, "queue-now-calling");

  // The key m, with the focus on the served member's phone link: asked first whether to let it go,
  // then the next one, never the same.
  await page.keyboard.press("m");
  const question = nowCalling(page).getByRole("group", { name: /^You are still on .+\. Release .+ and serve the next member\?$/ });
  await expectVisible(question);
  await page.waitForFunction(() => document.activeElement?.textContent === "Release and serve next", undefined, { timeout: 5_000 });
  await shootBoth(page, "queue-release-question");
  await page.keyboard.press("Enter");
  await page.waitForFunction((name) => document.querySelector(".now-calling__name")?.textContent !== name, first, { timeout: 15_000 });
  const second = await servedName(page);
  assert.notEqual(second, first);

  // 2 (Left message) on the served member saves its result, not the list's current row's.
  await page.keyboard.press("2");
  await expectVisible(page.getByRole("heading", { name: "Result saved" }), 15_000);
  await membersListReady(page);
}, { timeout: 180_000 });

e2e("a second agent pressing Next gets a different member", async ({ page, baseURL, t }) => {
  if (!SHARED_BACKEND) {
    t.skip("the in-browser fake backend keeps one store per tab: run with E2E_TARGET=fake-host or server");
    return;
  }
  await openMembers(page);
  const other = await launchBrowser(baseURL);
  try {
    const priya = await other.context.newPage();
    await openOneMember(priya, PRIYA);
    await filters(priya).getByLabel("Search", { exact: true }).fill("");
    await membersListReady(priya);
    await page.getByRole("button", { name: "Next member", exact: true }).click();
    const marcus = await servedName(page);
    await priya.getByRole("button", { name: "Next member", exact: true }).click();
    const hers = await servedName(priya);
    assert.notEqual(hers, marcus, "two agents are never served the same member");
    t.diagnostic(`Marcus: ${marcus}; Priya: ${hers}`);
  } finally {
    await other.close();
  }
}, { timeout: 180_000 });

e2e("filters under which nobody can be called show No one to call now with the counts; a do-not-call member shows its banner", async ({ page }) => {
  await openMembers(page);
  await filters(page).getByLabel("Result", { exact: true }).selectOption("DNC- Moved");
  await membersListReady(page);
  // The agent's own due callbacks come first whatever the filters: each is called and its result saved.
  const empty = page.getByRole("region", { name: "No one to call now" });
  for (let promised = 0; ; promised += 1) {
    await page.getByRole("button", { name: "Next member", exact: true }).click();
    await expectVisible(empty.or(nowCalling(page)), 15_000);
    if (await empty.isVisible()) break;
    assert.ok(promised < 5, "only the agent's own due callbacks come before the filters");
    assert.equal(await page.getByRole("region", { name: "Why this member?" }).getByText("Your callback is due").count(), 1);
    if (promised === 0) await shootBoth(page, "queue-own-callback-outside-filters");
    await nowCalling(page).getByRole("combobox", { name: /^Result for / }).selectOption("Left message");
    await expectVisible(page.getByRole("heading", { name: "Result saved" }), 15_000);
  }
  await expectVisible(empty.getByRole("list", { name: "Members held back, by reason" }).getByText(/^Do not call: \d+/));

  // The list's current row is a do-not-call member: the banner, and no phone link to dial.
  const banner = page.getByRole("status", { name: /^Do not call / });
  await expectVisible(banner);
  assert.match((await banner.textContent()) ?? "", /Do not call: DNC- Moved, saved by [A-Z][a-z]+ [A-Z][a-z]+ on \d\d\/\d\d\/\d{4}/);
  const firstRow = page.locator("tbody tr.member-row").first();
  const phone = firstRow.getByRole("link", { name: /\(do not call / });
  assert.equal(await phone.getAttribute("aria-disabled"), "true");
  assert.equal(await phone.getAttribute("href"), null);
  await shootBoth(page, "queue-no-one-and-do-not-call");

  // A search that finds nobody: still explained, never a bare page.
  await filters(page).getByLabel("Result", { exact: true }).selectOption("all");
  await filters(page).getByLabel("Search", { exact: true }).fill("nobody-is-called-this");
  await membersListReady(page);
  await page.getByRole("button", { name: "Next member", exact: true }).click();
  await expectVisible(empty.getByText("No member matches these filters and search."), 15_000);
}, { timeout: 180_000 });
