// The members list's keyboard work mode, walked with the keyboard alone: ten members get a result
// by number key, the current row moving on to the next member without a result after each save
// and across pages; the sheet of shortcuts, search, notes, history and the result selector by key;
// and the keys stay silent while typing in a field. With two agents on one backend (the server, or
// E2E_TARGET=fake-host), a key's save asks "Save anyway?" and shows a conflict as the selector's does.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { goInApp, signInAs, STAFF, waitForPath } from "./accounts.ts";
import { launchBrowser } from "./browser.ts";
import { e2e, expectVisible } from "./harness.ts";
import { membersListReady, openOneMember, SHARED_BACKEND } from "./membersList.ts";
import { trackNetwork } from "./network.ts";
import { snapshot } from "./visit.ts";

/** The number keys' results, as the legend on screen shows them. */
const KEYED = ["No answer", "Left message", "Appointment Made", "Contact Made Call Back", "Contact Made Not Interested", "Phone number issues", "Reschedule", "Confirm", "Transfer"];

async function openMembers(page: Page) {
  await signInAs(page, STAFF);
  await waitForPath(page, STAFF.defaultPage);
  if (STAFF.defaultPage !== "/members/all") await goInApp(page, "/members/all");
  await expectVisible(page.locator(".members-table table"));
  await membersListReady(page);
  // Every practice, so that pages are full; the walk itself is keyboard only.
  await page.getByRole("search", { name: "Filter members" }).getByLabel("Practice", { exact: true }).selectOption("all");
  await membersListReady(page);
}

interface Row {
  id: string;
  result: string;
  current: boolean;
}

/** The page's rows as the list shows them: member, result, and which is current. */
const rowsOf = (page: Page): Promise<Row[]> =>
  page.locator(".members-table tbody tr.member-row").evaluateAll((trs) =>
    trs
      .map((tr) => ({
        index: Number(tr.getAttribute("data-index")),
        id: tr.getAttribute("data-member-id")!,
        result: tr.querySelector("select")!.value,
        current: tr.getAttribute("aria-current") === "true",
      }))
      .sort((a, b) => a.index - b.index)
      .map(({ id, result, current }) => ({ id, result, current })),
  );

const currentId = async (page: Page) => (await rowsOf(page)).find((row) => row.current)?.id;

/** The element with the focus: a row (its member), or a control (its label). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active?.tagName === "TR" ? `row ${active.getAttribute("data-member-id")}` : `${active?.tagName} ${active?.getAttribute("aria-label") ?? ""}`.trim();
  });

const pageNumber = async (page: Page) =>
  page.getByRole("navigation", { name: "Pages of members" }).locator('[aria-current="page"]').textContent();

e2e("a keyboard-only walk saves results for ten members, the current row moving on to the next member without one", async ({ page, t }) => {
  await openMembers(page);
  await expectVisible(page.getByRole("list", { name: "Result keys" }).getByText("Appointment Made"));
  const first = await currentId(page);
  assert.ok(first, "a current row from the start");
  await snapshot(page, "members-work-mode");

  const saved = new Map<string, string>();
  const saveTimes: number[] = [];
  let moves = 0;
  while (saved.size < 10) {
    assert.ok(moves++ < 80, "the walk makes progress");
    const rows = await rowsOf(page);
    const index = rows.findIndex((row) => row.current);
    const row = rows[index]!;
    if (row.result !== "" || saved.has(row.id)) {
      // A member with a result already: the next one, or the next page at the end of this one.
      const before = await pageNumber(page);
      await page.keyboard.press(index === rows.length - 1 ? "]" : "j");
      if (index === rows.length - 1) {
        await page.waitForFunction((was) => document.querySelector('nav[aria-label="Pages of members"] [aria-current="page"]')?.textContent !== was, before);
        await membersListReady(page);
        assert.equal((await rowsOf(page))[0]!.current, true, "a new page starts at its first row");
      }
      assert.equal(await focused(page), `row ${await currentId(page)}`);
      continue;
    }
    const result = KEYED[saved.size % KEYED.length]!;
    const pressed = Date.now();
    await page.keyboard.press(String(KEYED.indexOf(result) + 1));
    saved.set(row.id, result);
    if (result === "Contact Made Call Back") {
      // The callback picker offers itself once the list has reloaded; Escape skips it, and the
      // focus comes back to the list.
      const picker = page.getByRole("dialog", { name: /^Callback — / });
      await expectVisible(picker, 30_000);
      await page.keyboard.press("Escape");
      await picker.waitFor({ state: "detached" });
    }
    const below = rows.slice(index + 1).find((other) => other.result === "");
    // The result shows in the row and the current row moves down to the next member without one
    // (or stays, when none is left below on this page), with the focus.
    await page.waitForFunction(
      ({ id, result, next }) => {
        const tr = document.querySelector(`tr[data-member-id="${id}"]`);
        const current = document.querySelector('tr[aria-current="true"]')?.getAttribute("data-member-id");
        return tr?.querySelector("select")?.value === result && current === next;
      },
      { id: row.id, result, next: below?.id ?? row.id },
    );
    saveTimes.push(Date.now() - pressed);
    await membersListReady(page);
    assert.equal(await focused(page), `row ${below?.id ?? row.id}`);
  }
  saveTimes.sort((a, b) => a - b);
  t.diagnostic(`ten results saved in ${moves} steps, on page ${await pageNumber(page)}; key → result shown and the next row current: median ${saveTimes[4]} ms, max ${saveTimes[9]} ms`);
  await snapshot(page, "members-work-mode-after-ten");

  // Each save is kept: read again from the backend page by page, back to the first, every saved
  // member shows its result.
  const seen = new Map<string, string>();
  for (;;) {
    for (const row of await rowsOf(page)) if (saved.has(row.id)) seen.set(row.id, row.result);
    if ((await pageNumber(page)) === "1") break;
    const before = await pageNumber(page);
    await page.keyboard.press("[");
    await page.waitForFunction((was) => document.querySelector('nav[aria-label="Pages of members"] [aria-current="page"]')?.textContent !== was, before);
    await membersListReady(page);
  }
  assert.deepEqual(seen, saved);

  // h opens the current member's history, which has the result; a dialog holds the keys.
  // The current row is where the walk left it, above or below that member: moved towards it.
  const [firstId, firstResult] = [...saved][0]!;
  for (let step = 0; (await currentId(page)) !== firstId; step++) {
    const rows = await rowsOf(page);
    const target = rows.findIndex((row) => row.id === firstId);
    assert.ok(target >= 0 && step < 15, "the first saved member is on the first page, within reach of the keys");
    await page.keyboard.press(target < rows.findIndex((row) => row.current) ? "k" : "j");
  }
  await page.keyboard.press("h");
  const history = page.getByRole("dialog", { name: /^Results history/ });
  await expectVisible(history.getByRole("cell", { name: firstResult }).first());
  await page.keyboard.press("j");
  assert.equal(await currentId(page), firstId);
  await page.keyboard.press("Escape");
  await history.waitFor({ state: "detached" });
  assert.equal(await focused(page), `row ${firstId}`);
}, { timeout: 240_000 });

e2e("? lists every shortcut; / goes to the search; r, n open the current member's selector and notes; keys stay silent in fields", async ({ page }) => {
  await openMembers(page);
  await page.keyboard.press("j");
  const current = await currentId(page);
  assert.equal(await focused(page), `row ${current}`);

  await page.keyboard.press("?");
  const sheet = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expectVisible(sheet.getByRole("cell", { name: "Save the result Appointment Made" }));
  // Two header rows, ten moving and opening (Next member's m among them), nine results.
  assert.equal(await sheet.getByRole("row").count(), 2 + 10 + 9);
  await expectVisible(sheet.getByRole("cell", { name: /^Next member: the one most worth calling now/ }));
  await snapshot(page, "members-shortcuts");
  await page.keyboard.press("Escape");
  await sheet.waitFor({ state: "detached" });
  assert.equal(await focused(page), `row ${current}`);

  await page.keyboard.press("n");
  const notes = page.getByRole("dialog", { name: /^Notes — / });
  await expectVisible(notes.getByRole("heading", { name: "Prior notes" }));
  // Typing in the note is typing, not shortcuts.
  await page.keyboard.type("j2");
  assert.equal(await notes.getByLabel("Add Note").inputValue(), "j2");
  await page.keyboard.press("Escape");
  await notes.waitFor({ state: "detached" });
  assert.equal(await currentId(page), current);

  await page.keyboard.press("r");
  assert.match(await focused(page), /^SELECT Result for /);
  // Its list is open (Chromium's :open), with every result to choose from.
  const selectorOpen = () => page.evaluate(() => document.activeElement!.matches(":open"));
  assert.equal(await selectorOpen(), true);
  await expectVisible(page.locator(`tr[data-member-id="${current}"] .claim-badge`, { hasText: "You are calling" }));
  // In the selector the keys are the selector's own.
  await page.keyboard.press("Escape");
  assert.equal(await selectorOpen(), false);
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("k");
  assert.notEqual(await currentId(page), current);

  await page.keyboard.press("/");
  const search = page.getByRole("searchbox", { name: "Search" });
  assert.equal(await focused(page), "INPUT");
  assert.equal(await search.inputValue(), "");
  const before = await currentId(page);
  await page.keyboard.type("jk");
  assert.equal(await search.inputValue(), "jk");
  assert.equal(await currentId(page), before);
}, { timeout: 120_000 });

const PRIYA = { name: "Priya Natarajan" };
/** Signed in on the whole list searched down to one blank member, the focus back on the page. */
async function openOneBlankMember(page: Page, person: { name: string }, subscriberId?: string): Promise<string> {
  const id = await openOneMember(page, person, { subscriberId, blank: true });
  // Out of the search field, so that the keys work.
  await page.getByRole("heading", { level: 1 }).click();
  return id;
}

const resultOf = (page: Page) => page.locator("tbody tr.member-row select").first();

e2e("by key too: a member a colleague is calling asks Save anyway?, and a save that landed since shows Keep theirs / Save mine", async ({ page, baseURL, t, expectConsoleError }) => {
  if (!SHARED_BACKEND) {
    t.skip("the in-browser fake backend keeps one store per tab: run with E2E_TARGET=fake-host or server");
    return;
  }
  const other = await launchBrowser(baseURL);
  try {
    const priya = await other.context.newPage();
    trackNetwork(priya);
    const sid = await openOneBlankMember(page, STAFF);
    await openOneBlankMember(priya, PRIYA, sid);

    // Priya opens the member's result selector by key: she is calling it.
    await priya.keyboard.press("r");
    await expectVisible(page.locator("tbody tr.member-row").getByText("Priya Natarajan is calling", { exact: true }));
    await priya.keyboard.press("Escape");
    assert.match(await focused(priya), /^SELECT Result for /);

    // Marcus chooses a result by key: asked first; Escape saves nothing, Save anyway saves.
    await page.keyboard.press("2");
    const ask = page.getByRole("dialog", { name: "Save anyway?" });
    await expectVisible(ask.getByText("Priya Natarajan is calling this member. Save anyway?"));
    await page.keyboard.press("Escape");
    await ask.waitFor({ state: "detached" });
    assert.equal(await resultOf(page).inputValue(), "");
    await page.keyboard.press("2");
    await expectVisible(ask);
    await ask.getByRole("button", { name: "Save anyway" }).focus();
    await page.keyboard.press("Enter");
    await ask.waitFor({ state: "detached" });
    await membersListReady(page);
    assert.equal(await resultOf(page).inputValue(), "Left message");
    await priya.waitForFunction(() => document.querySelector<HTMLSelectElement>("tbody tr.member-row select")?.value === "Left message", undefined, { timeout: 2_000 });

    // Priya moves on (her claim ends); Marcus's page then misses her next save (his event stream
    // cannot reconnect): his key's save is stale.
    await priya.getByRole("heading", { level: 1 }).click();
    await page.locator("tbody tr.member-row").getByText("Priya Natarajan is calling").waitFor({ state: "detached", timeout: 2_000 });
    await page.route("**/api/events/ticket", (route) => route.abort());
    expectConsoleError(/ERR_FAILED/);
    await page.reload();
    await membersListReady(page);
    await page.getByRole("search", { name: "Filter members" }).getByLabel("Search", { exact: true }).fill(sid);
    await page.waitForFunction(() => document.querySelectorAll("tbody tr.member-row").length === 1, undefined, { timeout: 30_000 });
    await membersListReady(page);
    await page.getByRole("heading", { level: 1 }).click();
    await priya.keyboard.press("1");
    await membersListReady(priya);

    expectConsoleError(/409/);
    await page.keyboard.press("4");
    const notice = page.locator("tbody tr.member-row").getByRole("alert");
    await expectVisible(notice);
    assert.match((await notice.textContent()) ?? "", /^Priya Natarajan saved No answer at .+\. Yours: Contact Made Call Back\./);
    assert.equal(await resultOf(page).inputValue(), "No answer");
    // A refused save is not a save: the current row stays on the member.
    assert.equal(await page.locator('tr[aria-current="true"] td').first().textContent(), sid);
    for (let step = 0; !/^BUTTON Save mine for /.test(await focused(page)); step++) {
      assert.ok(step < 60, "Tab reaches Save mine");
      await page.keyboard.press("Tab");
    }
    await page.keyboard.press("Enter");
    await notice.waitFor({ state: "detached" });
    await membersListReady(page);
    assert.equal(await resultOf(page).inputValue(), "Contact Made Call Back");
    await priya.waitForFunction(() => document.querySelector<HTMLSelectElement>("tbody tr.member-row select")?.value === "Contact Made Call Back", undefined, { timeout: 2_000 });
  } finally {
    await other.close();
  }
}, { timeout: 180_000 });
