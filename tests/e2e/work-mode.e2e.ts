// The members list's keyboard work mode, walked with the keyboard alone: ten members get a result
// by number key, the current row moving on to the next member without a result after each save
// and across pages; the sheet of shortcuts, search, notes, history and the result selector by key;
// and the keys stay silent while typing in a field.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { goInApp, signInAs, STAFF, waitForPath } from "./accounts.ts";
import { e2e, expectVisible } from "./harness.ts";
import { membersListReady } from "./membersList.ts";
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
    await page.keyboard.press(String(KEYED.indexOf(result) + 1));
    saved.set(row.id, result);
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
    await membersListReady(page);
    assert.equal(await focused(page), `row ${below?.id ?? row.id}`);
  }
  t.diagnostic(`ten results saved in ${moves} steps, on page ${await pageNumber(page)}`);
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
  const [firstId, firstResult] = [...saved][0]!;
  for (let step = 0; (await currentId(page)) !== firstId; step++) {
    assert.ok(step < 15, "the first saved member is on the first page");
    await page.keyboard.press("j");
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
  assert.equal(await sheet.getByRole("row").count(), 2 + 9 + 9);
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
  await expectVisible(page.locator(`tr[data-member-id="${current}"] .claim-badge`, { hasText: "You are calling" }));
  // In the selector the keys are the selector's own.
  await page.keyboard.press("Escape");
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
