// Callbacks in the browser: an agent saves "Contact Made Call Back", the picker offers itself, a
// preset chosen by its key books the callback, and it shows on the row, in My callbacks and in
// View History. Staff get the not-found page at /callbacks; an administrator reaches the Callbacks
// page from the menu and reassigns callbacks, confirmed with the count. With a backend several
// browsers share (the server build, or fake-host), an agent's booking shows on the administrator's
// Callbacks page, and a reassignment in My callbacks, each without a reload.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { ADMIN, goInApp, signInAs, STAFF, waitForPath } from "./accounts.ts";
import { launchBrowser } from "./browser.ts";
import { e2e, expectVisible } from "./harness.ts";
import { sidewaysOverflow, textLines } from "./layout.ts";
import { membersListReady, openOneMember, SHARED_BACKEND } from "./membersList.ts";
import { trackNetwork } from "./network.ts";
import { snapshot } from "./visit.ts";

const PRIYA = "Priya Natarajan";
/** The stream carries a reassignment to every open list within a second; the screen gets a little more. */
const LIVE_WITHIN_MS = 3_000;

const myCallbacksButton = (page: Page) => page.getByRole("button", { name: /^My callbacks \(\d+\)/ });
async function myCallbackCount(page: Page): Promise<number> {
  const text = (await myCallbacksButton(page).textContent()) ?? "";
  return Number(/\((\d+)\)/.exec(text)?.[1]);
}

/** Chooses the option whose text starts with `prefix` ("Priya Natarajan (3 open)"). */
async function choosePerson(page: Page, label: string, prefix: string): Promise<void> {
  const select = page.getByLabel(label, { exact: true });
  const value = await select.locator("option").filter({ hasText: new RegExp(`^${prefix}`) }).first().getAttribute("value");
  await select.selectOption(value ?? "");
}

/** Both sizes of the desk. */
async function photograph(page: Page, name: string): Promise<void> {
  for (const viewport of [{ width: 1366, height: 768 }, { width: 1920, height: 1080 }]) {
    await page.setViewportSize(viewport);
    await snapshot(page, `${name}-${viewport.width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** On the list opened on one member: saves "Contact Made Call Back" and books "Tomorrow 9:00" by its key. Answers the member's name. */
async function bookTomorrowMorning(page: Page, photos?: string): Promise<string> {
  const row = page.locator("tbody tr.member-row").first();
  const result = row.getByRole("combobox", { name: /^Result for / });
  const name = ((await result.getAttribute("aria-label")) ?? "").replace(/^Result for /, "");
  await result.selectOption("Contact Made Call Back");
  const picker = page.getByRole("dialog", { name: `Callback — ${name}` });
  await expectVisible(picker, 30_000);
  await page.keyboard.press("2");
  assert.equal(await picker.getByLabel("Time", { exact: false }).inputValue(), "09:00");
  await picker.getByLabel("Note (optional)").fill("Ask for the mother");
  if (photos) await photograph(page, photos);
  await picker.getByRole("button", { name: "Book callback" }).click();
  await expectVisible(picker.getByRole("status").filter({ hasText: /^Callback booked for / }));
  await picker.waitFor({ state: "detached", timeout: 10_000 });
  return name;
}

e2e("an agent books a callback after Contact Made Call Back: on the row, in My callbacks and in View History", async ({ page }) => {
  await openOneMember(page, STAFF, { blank: true });
  await expectVisible(myCallbacksButton(page));
  const before = await myCallbackCount(page);
  const name = await bookTomorrowMorning(page, "callback-picker");
  await membersListReady(page);

  const row = page.locator("tbody tr.member-row").first();
  await expectVisible(row.locator(".callback-badge").filter({ hasText: /^Callback / }));
  await page.waitForFunction((count) => document.body.textContent?.includes(`My callbacks (${count})`), before + 1, { timeout: LIVE_WITHIN_MS });

  await myCallbacksButton(page).click();
  const panel = page.getByRole("region", { name: "My callbacks" });
  const item = panel.getByRole("listitem").filter({ hasText: "Ask for the mother" });
  await expectVisible(item);
  assert.match((await item.textContent()) ?? "", /9:00 AM/);
  await photograph(page, "my-callbacks");
  await item.getByRole("button").click();
  await membersListReady(page);
  assert.equal(await page.locator("tbody tr.member-row").count(), 1);

  await row.getByRole("button", { name: `View History of ${name}` }).click();
  const history = page.getByRole("dialog", { name: `Results history — ${name}` });
  const booked = history.getByRole("row").filter({ hasText: /Callback booked for .*9:00 AM/ });
  await expectVisible(booked);
  assert.match((await booked.textContent()) ?? "", /Marcus Reed/);
  await photograph(page, "callback-history");
}, { timeout: 180_000 });

e2e("staff get the not-found page at /callbacks, and no CALLBACKS in their menu", async ({ page }) => {
  await signInAs(page, STAFF);
  await expectVisible(page.getByRole("navigation").getByRole("link", { name: "dashboard" }));
  assert.equal(await page.getByRole("navigation").getByRole("link", { name: "CALLBACKS" }).count(), 0);
  await page.goto("/callbacks");
  // The page loads afresh: on the mock target the fake backend builds its data first.
  await expectVisible(page.getByRole("heading", { level: 1, name: "Page not found" }), 30_000);
}, { timeout: 120_000 });

e2e("an administrator reassigns callbacks on the Callbacks page after the question with their count", async ({ page }) => {
  await signInAs(page, ADMIN);
  await page.getByRole("navigation").getByRole("link", { name: "CALLBACKS" }).click();
  await waitForPath(page, "/callbacks");
  await expectVisible(page.getByRole("heading", { level: 1, name: "Callbacks" }));
  const rows = page.locator("table.callbacks-table tbody tr");
  await expectVisible(rows.first().getByRole("checkbox"), 30_000);
  // Every column, the Note included, within the window beside the menu; each due time on one line.
  for (const viewport of [{ width: 1366, height: 768 }, { width: 1920, height: 1080 }]) {
    await page.setViewportSize(viewport);
    assert.equal(await sidewaysOverflow(page.locator(".table-scroll", { has: page.locator("table.callbacks-table") })), 0, `at ${viewport.width} px the table scrolls sideways`);
    assert.deepEqual(new Set(await textLines(rows.locator("td:nth-child(4), td:nth-child(5)"))), new Set([1]), `at ${viewport.width} px a due time wraps`);
  }
  await photograph(page, "callbacks-page");

  await rows.nth(0).getByRole("checkbox").check();
  await rows.nth(1).getByRole("checkbox").check();
  await choosePerson(page, "Reassign to", PRIYA);
  await page.getByRole("button", { name: "Reassign", exact: true }).click();
  const question = page.getByRole("dialog", { name: "Reassign callbacks" });
  await expectVisible(question.getByText(`Reassign 2 callbacks to ${PRIYA}?`));
  await photograph(page, "callbacks-reassign");
  await question.getByRole("button", { name: "Reassign", exact: true }).click();
  await expectVisible(page.getByRole("status").filter({ hasText: `Reassigned 2 callbacks to ${PRIYA}.` }));
}, { timeout: 180_000 });

e2e("an agent's booking shows on the Callbacks page, and its reassignment in the agent's My callbacks, without a reload", async ({ page, baseURL, t }) => {
  if (!SHARED_BACKEND) {
    t.skip("the in-browser fake backend keeps one store per tab: run with E2E_TARGET=fake-host or server");
    return;
  }
  const agent = await launchBrowser(baseURL);
  try {
    const marcus = await agent.context.newPage();
    trackNetwork(marcus);
    // The administrator watches Marcus's callbacks while he books one: it shows without a reload.
    await signInAs(page, ADMIN);
    await goInApp(page, "/callbacks");
    await expectVisible(page.getByRole("heading", { level: 1, name: "Callbacks" }));
    await choosePerson(page, "Agent", STAFF.name);
    await page.locator(".table-scroll[aria-busy='false']").waitFor();
    const adminLoads = { count: 0 };
    page.on("framenavigated", () => void adminLoads.count++);

    const subscriberId = await openOneMember(marcus, STAFF, { blank: true });
    await bookTomorrowMorning(marcus);
    const row = page.locator("table.callbacks-table tbody tr").filter({ hasText: subscriberId });
    await expectVisible(row, LIVE_WITHIN_MS);
    assert.equal(adminLoads.count, 0, "the Callbacks page was not reloaded");
    await membersListReady(marcus);
    const booked = await myCallbackCount(marcus);
    const loads = { count: 0 };
    marcus.on("framenavigated", () => void loads.count++);

    await page.locator(".table-scroll[aria-busy='false']").waitFor();
    await row.getByRole("checkbox").check();
    await choosePerson(page, "Reassign to", PRIYA);
    await page.getByRole("button", { name: "Reassign", exact: true }).click();
    await page.getByRole("dialog", { name: "Reassign callbacks" }).getByRole("button", { name: "Reassign", exact: true }).click();
    await expectVisible(page.getByRole("status").filter({ hasText: `Reassigned 1 callback to ${PRIYA}.` }));

    await marcus.waitForFunction((count) => document.body.textContent?.includes(`My callbacks (${count})`), booked - 1, { timeout: LIVE_WITHIN_MS });
    assert.equal(loads.count, 0, "the agent's page was not reloaded");
  } finally {
    await agent.close();
  }
}, { timeout: 240_000 });
