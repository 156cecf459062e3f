// The members worklist: filters, search, sort, paging, result, notes, history, crons,
// and the filters restored from the URL and the memberFilters cookie after a reload.
import assert from "node:assert/strict";
import type { Locator, Page } from "playwright-core";
import { goInApp, signInAs, STAFF, waitForPath } from "./accounts.ts";
import { e2e, expectVisible } from "./harness.ts";
import { membersListReady } from "./membersList.ts";
import { snapshot } from "./visit.ts";

const table = (page: Page) => page.locator(".members-table table");
const rows = (page: Page) => table(page).locator("tbody tr.member-row");


async function openMembers(page: Page, path = "/members/all") {
  await signInAs(page, STAFF);
  await waitForPath(page, STAFF.defaultPage);
  if (path !== STAFF.defaultPage) await goInApp(page, path);
  await expectVisible(table(page));
  await membersListReady(page);
}

/** Sets a filter to All so every test starts from the whole list (the user's defaults preselect practices). */
async function filter(page: Page, label: string, value: string | { label: string }) {
  await page.getByRole("search", { name: "Filter members" }).getByLabel(label, { exact: true }).selectOption(value);
  await membersListReady(page);
}

const count = async (page: Page) => Number((await page.locator(".members-page__count").textContent())?.replace(/[^0-9]/g, ""));
const columnTexts = async (page: Page, index: number) => rows(page).locator(`td:nth-child(${index}), th:nth-child(${index})`).allTextContents();

e2e("the list shows title with brand and count, every column in order, legend and pagination", async ({ page }) => {
  await openMembers(page);
  await filter(page, "Practice", "all");
  await expectVisible(page.getByRole("heading", { level: 1, name: /^Members · All brands \([\d,]+ members\)$/ }));
  const headers = await table(page).locator("thead th").allTextContents();
  assert.deepEqual(
    headers.map((h) => h.replace(/[▲▼↕]/g, "").trim()),
    ["Subscriber ID", "Patient number", "MCO", "Names", "Practice", "Address", "Phone", "Birth date", "Age", "Days extracted", "Notes", "Note time", "Status", "Result", "Last visit", "Next appointment", "Entry time"],
  );
  assert.equal(await rows(page).count(), 15);
  await expectVisible(page.getByRole("list", { name: "Row colours by result" }).getByText("Need Review"));
  await expectVisible(page.getByRole("navigation", { name: "Pages of members" }).getByRole("button", { name: "Page 1" }));
  await snapshot(page, "members-default");
}, { timeout: 120_000 });

/**
 * Everything the list says about itself while it opens, recorded from the first page load on, and
 * the most times "Loading members…" was shown at once.
 */
async function recordOpening(page: Page) {
  await page.addInitScript(() => {
    const said: string[] = [];
    const opening = { said, loadingShownAtOnce: 0 };
    (window as unknown as { membersOpening: typeof opening }).membersOpening = opening;
    new MutationObserver(() => {
      const loading = [...document.querySelectorAll(".members-page *")].filter((element) => element.children.length === 0 && element.textContent?.trim() === "Loading members…");
      opening.loadingShownAtOnce = Math.max(opening.loadingShownAtOnce, loading.length);
      const count = document.querySelector(".members-page__count")?.textContent ?? "";
      const pager = document.querySelector(".members-page .pagination__summary")?.textContent ?? "";
      const status = document.querySelector(".members-page [role=status][aria-busy], .members-page__status")?.textContent ?? "";
      const text = [count, pager, status].join(" | ");
      if (text.trim() !== "|  |" && said.at(-1) !== text) said.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { membersOpening: { said: string[]; loadingShownAtOnce: number } }).membersOpening);
}

/** Where an element is, and whether a pointer at its centre reaches it (nothing pinned over it). */
async function placeOf(locator: Locator) {
  return locator.evaluate((element) => {
    const { left, right, top, bottom } = element.getBoundingClientRect();
    const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
    return { left, right, top, bottom, reachable: hit !== null && (hit === element || element.contains(hit)) };
  });
}

/** The row's name and its result selector: both inside the window, the name left of the selector, nothing over either. */
async function assertNameBesideResult(page: Page, row: Locator, how: string) {
  const { width, height } = page.viewportSize()!;
  const name = await placeOf(row.locator("th"));
  const result = await placeOf(row.getByRole("combobox", { name: /^Result for / }));
  for (const [what, box] of [["name", name], ["result selector", result]] as const) {
    assert.ok(box.left >= 0 && box.right <= width && box.top >= 0 && box.bottom <= height, `${how}: the ${what} is outside the ${width}×${height} window: ${JSON.stringify(box)}`);
    assert.ok(box.reachable, `${how}: something covers the ${what}`);
  }
  assert.ok(name.right <= result.left, `${how}: the name (${name.left}–${name.right}) overlaps the result selector (${result.left}–${result.right})`);
}

e2e("opening says Loading members… once (never 0 members); at 1366×768 the name stays beside its result selector by pointer and by keyboard", async ({ page }) => {
  const opening = await recordOpening(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  await openMembers(page);
  const { said, loadingShownAtOnce } = await opening();
  assert.ok(said.some((text) => text.includes("Loading members…")), `never said it was loading: ${JSON.stringify(said)}`);
  assert.equal(loadingShownAtOnce, 1, "Loading members… shown more than once at a time");
  assert.ok(!said.some((text) => /\(0 members\)|No members/.test(text)), `said a count before knowing it: ${JSON.stringify(said)}`);
  await filter(page, "Practice", "all");

  // By pointer: the agent scrolls the table sideways (Shift + wheel) as far as it goes.
  const frame = page.locator(".members-table");
  const row = rows(page).nth(1);
  // In the middle of the window, as an agent working it has it (not cut at its lower edge).
  await row.evaluate((element) => element.scrollIntoView({ block: "center" }));
  const box = (await frame.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, Math.min(box.y + box.height / 2, 700));
  await page.mouse.wheel(3000, 0);
  await page.waitForFunction(() => {
    const scroller = document.querySelector(".members-table")!;
    return scroller.scrollLeft + scroller.clientWidth >= scroller.scrollWidth - 1;
  });
  await assertNameBesideResult(page, row, "scrolled by pointer");
  await snapshot(page, "members-scrolled-1366");

  // By keyboard: from the row's Add Notes, Tab reaches its result selector; the table scrolls to it.
  await frame.evaluate((scroller) => scroller.scrollTo(0, scroller.scrollTop));
  await row.getByRole("button", { name: /^Add Notes for / }).focus();
  await page.keyboard.press("Tab");
  assert.match((await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))) ?? "", /^Result for /);
  assert.ok((await frame.evaluate((scroller) => scroller.scrollLeft)) > 0, "Tab did not scroll the table to the selector");
  await assertNameBesideResult(page, row, "focused by Tab");

  await page.setViewportSize({ width: 1920, height: 1080 });
  await frame.evaluate((scroller) => scroller.scrollTo(scroller.scrollWidth, scroller.scrollTop));
  await assertNameBesideResult(page, row, "scrolled to the end at 1920×1080");
  await snapshot(page, "members-scrolled-1920");
}, { timeout: 120_000 });

/**
 * A mouse user aims at a control's centre: each of the row's controls is clicked there (Playwright
 * clicks only when the control itself is what the pointer hits). Its dialogs are opened and closed;
 * the result selector and the phone link are aimed at without being used (a result saved, a call
 * dialled).
 */
async function clickEveryControlAtItsCentre(page: Page, row: Locator, how: string) {
  const dialogs = [
    [/^Add Notes for /, /^Notes — /],
    [/^View History of /, /^Results history — /],
    [/^Book callback for /, /^Callback — /],
  ] as const;
  const failed = (control: string) => (error: unknown) => {
    const lines = (error as Error).message.split("\n");
    throw new Error(`${how}: a click at the centre of ${control} does not reach it: ${lines.find((line) => line.includes("intercepts pointer events")) ?? lines[0]}`);
  };
  for (const [button, dialogName] of dialogs) {
    await row.getByRole("button", { name: button }).click({ timeout: 5_000 }).catch(failed(String(button)));
    const dialog = page.getByRole("dialog", { name: dialogName });
    await expectVisible(dialog);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
  }
  await row.getByRole("combobox", { name: /^Result for / }).click({ trial: true, timeout: 5_000 }).catch(failed("the result selector"));
  await row.getByRole("link", { name: /\(call / }).click({ trial: true, timeout: 5_000 }).catch(failed("the phone link"));
}

e2e("every control of a row is reached by a click at its centre, with or without a result tag, at 1366, 1440, 1920 and 900 px", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await openMembers(page);
  await filter(page, "Practice", "all");
  for (const result of ["Contact Made Call Back", "Blank"]) {
    await filter(page, "Result", { label: result });
    for (const [width, height] of [[1366, 768], [1440, 900], [1920, 1080], [900, 768]] as const) {
      await page.setViewportSize({ width, height });
      for (const index of [0, 2]) await clickEveryControlAtItsCentre(page, rows(page).nth(index), `${result}, row ${index + 1}, ${width}×${height}`);
    }
  }
  await snapshot(page, "members-row-controls");
}, { timeout: 180_000 });

e2e("each filter narrows the list; a brand change resets the practice to All", async ({ page }) => {
  await openMembers(page);
  await filter(page, "Practice", "all");
  const all = await count(page);

  await filter(page, "Status", "New Patient");
  assert.ok((await columnTexts(page, 13)).every((s) => s === "New Patient"));
  await filter(page, "Status", "all");

  await filter(page, "Result", "Blank");
  assert.ok((await rows(page).locator("select").evaluateAll((els) => els.map((e) => (e as HTMLSelectElement).value))).every((v) => v === ""));
  await filter(page, "Result", "all");

  await filter(page, "MCO", "MCNA Dental Medicaid");
  assert.ok((await columnTexts(page, 3)).every((s) => s === "MCNA Dental Medicaid"));
  await filter(page, "MCO", "all");

  const dentist = page.getByRole("search").getByLabel("Dentist");
  const firstDentist = await dentist.locator("option").nth(1).getAttribute("value");
  await filter(page, "Dentist", firstDentist!);
  assert.ok((await count(page)) < all);
  await filter(page, "Dentist", "");

  const practice = page.getByRole("search").getByLabel("Practice");
  const option = practice.locator("option").nth(1);
  const abbr = ((await option.textContent()) ?? "").split(" — ")[0]!;
  await filter(page, "Practice", (await option.getAttribute("value"))!);
  assert.ok((await columnTexts(page, 5)).every((s) => s === abbr));
  await snapshot(page, "members-filtered");

  await filter(page, "Brand", "uhc");
  await expectVisible(page.getByRole("heading", { level: 1, name: /UHC/ }));
  assert.equal(await practice.inputValue(), "all");
  assert.ok((await count(page)) < all);
}, { timeout: 120_000 });

e2e("search waits for typing to stop and trims; an unmatched search shows the empty state", async ({ page }) => {
  await openMembers(page);
  await filter(page, "Practice", "all");
  const surname = ((await rows(page).first().locator("th").textContent()) ?? "").split(",")[0]!;
  await page.getByRole("searchbox", { name: "Search" }).fill(`  ${surname} `);
  await membersListReady(page);
  const names = await rows(page).locator("th").allTextContents();
  assert.ok(names.length > 0 && names.some((name) => name.includes(surname)));

  await page.getByRole("searchbox", { name: "Search" }).fill("zzzzqqqqxxxx");
  await membersListReady(page);
  await expectVisible(page.getByText("No members match these filters."));
  await snapshot(page, "members-empty");
}, { timeout: 120_000 });

e2e("sorting by a column goes ascending, then descending on a second click", async ({ page }) => {
  await openMembers(page);
  await filter(page, "Practice", "all");
  const header = table(page).locator("thead th").filter({ hasText: "Age" });
  await header.getByRole("button").click();
  await membersListReady(page);
  assert.equal(await header.getAttribute("aria-sort"), "ascending");
  const up = (await columnTexts(page, 9)).map(Number);
  assert.deepEqual(up, [...up].sort((a, b) => a - b));
  await header.getByRole("button").click();
  await membersListReady(page);
  assert.equal(await header.getAttribute("aria-sort"), "descending");
  const down = (await columnTexts(page, 9)).map(Number);
  assert.deepEqual(down, [...down].sort((a, b) => b - a));
  assert.ok(down[0]! >= up.at(-1)!);
}, { timeout: 120_000 });

e2e("pages and a page size of 1000", async ({ page, t }) => {
  await openMembers(page);
  await filter(page, "Practice", "all");
  const pages = page.getByRole("navigation", { name: "Pages of members" });
  await pages.getByRole("button", { name: "Page 2" }).click();
  await membersListReady(page);
  assert.equal(await pages.getByRole("button", { name: "Page 2" }).getAttribute("aria-current"), "page");
  await expectVisible(page.getByText(/^Showing 16–30 of /));
  // §9 "Members page pagination set to 30 pages": thousands of members, 30 pages offered.
  await expectVisible(pages.getByRole("button", { name: "Page 30", exact: true }));
  assert.equal(await pages.getByRole("button", { name: "Page 31", exact: true }).count(), 0);
  await expectVisible(page.getByText(/The first 30 pages are offered: filter or search to reach the others\.$/));

  let t0 = Date.now();
  await page.getByLabel("Rows per page").selectOption("1000");
  await membersListReady(page);
  t.diagnostic(`1000 rows ready in ${Date.now() - t0} ms`);
  const total = await count(page);
  const onPage = Math.min(1000, total);
  // The table tells its size; only the rows near the view are rendered.
  assert.equal(await table(page).getAttribute("aria-rowcount"), String(onPage + 1));
  const rendered = await rows(page).count();
  assert.ok(rendered > 10 && rendered < 80, `${rendered} rows rendered`);
  assert.equal(await rows(page).first().getAttribute("aria-rowindex"), "2");
  // Every result selector is an ordinary select with Blank and the 17 results.
  assert.equal(await rows(page).first().getByRole("combobox").locator("option").count(), 18);
  t0 = Date.now();
  await snapshot(page, "members-1000");
  t.diagnostic(`snapshot in ${Date.now() - t0} ms`);

  // The focus stays on its selector while the table scrolls to the last row and back.
  const firstSelect = rows(page).first().getByRole("combobox");
  const label = await firstSelect.getAttribute("aria-label");
  await firstSelect.focus();
  await page.locator(".members-table").evaluate((scroller) => scroller.scrollTo(0, scroller.scrollHeight));
  await expectVisible(table(page).locator(`tr[aria-rowindex="${onPage + 1}"]`));
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("aria-label")), label);
  await page.locator(".members-table").evaluate((scroller) => scroller.scrollTo(0, 0));
  await expectVisible(firstSelect);
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("aria-label")), label);
}, { timeout: 120_000 });

e2e("setting a result colours the row, keeps words beside the colour, and shows in the history", async ({ page }) => {
  await openMembers(page);
  await filter(page, "Practice", "all");
  await filter(page, "Result", "Blank");
  const row = rows(page).first();
  const id = await row.getAttribute("data-member-id");
  const sameRow = table(page).locator(`tr[data-member-id="${id}"]`);
  await filter(page, "Result", "all");
  const result = sameRow.getByRole("combobox", { name: /^Result for / });
  await result.focus();
  await result.selectOption("Appointment Made");
  await membersListReady(page);
  await page.waitForFunction((memberId) => document.querySelector(`tr[data-member-id="${memberId}"]`)?.classList.contains("member-row--appointment"), id);
  await expectVisible(sameRow.locator(".member-row__tag", { hasText: "Appointment Made" }));

  await sameRow.getByRole("button", { name: /^View History of / }).click();
  const dialog = page.getByRole("dialog", { name: /^Results history/ });
  await expectVisible(dialog.getByRole("cell", { name: "Appointment Made" }).first());
  await expectVisible(dialog.getByRole("cell", { name: STAFF.name }).first());
  await snapshot(page, "members-history");
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
  // Named by its label, or shown when unlabelled (the user menu's button when the opener was lost).
  const focused = await page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.outerHTML.slice(0, 120));
  assert.match(focused ?? "", /^View History of /);
}, { timeout: 120_000 });

e2e("adding a note saves it, reloads the list and shows its preview", async ({ page }) => {
  await openMembers(page);
  const row = rows(page).first();
  const id = await row.getAttribute("data-member-id");
  await row.getByRole("button", { name: /^Add Notes for / }).click();
  const dialog = page.getByRole("dialog", { name: /^Notes — / });
  await expectVisible(dialog.getByRole("heading", { name: "Prior notes" }));
  await page.waitForFunction(() => document.querySelector('[role="dialog"] [aria-busy="true"]') === null);
  await snapshot(page, "members-notes");
  const text = `Called at ${Date.now()}, will call back Friday`;
  await dialog.getByLabel("Add Note").fill(text);
  await dialog.getByRole("button", { name: "Submit" }).click();
  await dialog.waitFor({ state: "detached" });
  await membersListReady(page);
  const preview = table(page).locator(`tr[data-member-id="${id}"] .member-row__note-preview`);
  await expectVisible(preview.filter({ hasText: text.slice(0, 27) }));
  assert.equal(await preview.textContent(), `${text.slice(0, 27)}…`);

  await table(page).locator(`tr[data-member-id="${id}"]`).getByRole("button", { name: /^Add Notes for / }).click();
  await expectVisible(dialog.getByText(text));
  await expectVisible(dialog.getByText(new RegExp(`${STAFF.name}, (now|just now|\\d+ (second|minute)s? ago)`)));
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await dialog.waitFor({ state: "detached" });
}, { timeout: 120_000 });

e2e("the Crons button opens the cron history", async ({ page }) => {
  await openMembers(page);
  await page.getByRole("button", { name: "Crons", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Crons" });
  await expectVisible(dialog.getByRole("heading", { level: 3 }).first());
  await expectVisible(dialog.getByText(/^Schedule:/).first());
  await expectVisible(dialog.getByRole("columnheader", { name: "Message" }).first());
  await snapshot(page, "members-crons");
  await dialog.getByRole("button", { name: "Close" }).last().click();
  await dialog.waitFor({ state: "detached" });
}, { timeout: 120_000 });

e2e("filters are mirrored into the URL and restored from it and from the cookie after a reload", async ({ page }) => {
  await openMembers(page, "/members/smile-magic");
  await filter(page, "Brand", "mcna");
  await filter(page, "Status", "Recare Future Appointment");
  await filter(page, "Result", "Left message");
  const url = new URL(page.url());
  assert.equal(url.searchParams.get("brand"), "mcna");
  assert.equal(url.searchParams.get("status"), "Recare Future Appointment");
  assert.equal(url.searchParams.get("practice"), "all");

  await page.reload();
  await expectVisible(table(page));
  await membersListReady(page);
  const search = page.getByRole("search", { name: "Filter members" });
  assert.equal(await search.getByLabel("Brand").inputValue(), "mcna");
  assert.equal(await search.getByLabel("Status").inputValue(), "Recare Future Appointment");
  assert.equal(await search.getByLabel("Result").inputValue(), "Left message");

  // Without a query, the cookie restores the filters; a query in the URL wins over the cookie.
  await page.evaluate(() => {
    history.pushState(null, "", "/members/all?brand=denta");
    dispatchEvent(new PopStateEvent("popstate"));
  });
  await waitForPath(page, "/members/all");
  await expectVisible(page.getByRole("heading", { level: 1, name: /^Members · DENTA/ }));
  await membersListReady(page);
  assert.equal(await search.getByLabel("Brand").inputValue(), "denta");
  assert.equal(await search.getByLabel("Result").inputValue(), "Left message");
  const cookie = (await page.context().cookies()).find((c) => c.name === "memberFilters");
  assert.ok(cookie && cookie.expires > Date.now() / 1000 + 29 * 24 * 3600);
}, { timeout: 120_000 });
