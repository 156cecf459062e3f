// Call Recordings: filters, the date-range rule, search, page size, pagination, Download, the
// inline player, and (on the server target) recordings a phone system drops in its bucket taken in
// by the import's Run now.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { ADMIN, goInApp, signInAs, STAFF } from "./accounts.ts";
import { practiceToday } from "./browser.ts";
import { e2e, expectVisible } from "./harness.ts";
import { phoneSystem } from "./target.ts";
import { snapshot } from "./visit.ts";

async function openCallRecordings(page: Page) {
  await signInAs(page, STAFF);
  await goInApp(page, "/call-recordings");
  await expectVisible(page.getByRole("heading", { level: 1, name: "Call Recordings" }));
  await expectVisible(page.getByRole("table", { name: /Call recordings: \d+ found/ }));
}

/** The count in the table's caption, once loaded. */
async function foundCount(page: Page): Promise<number> {
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
  const caption = (await page.locator("caption").textContent()) ?? "";
  const match = /: (\d+) found/.exec(caption);
  assert.ok(match, `caption "${caption}"`);
  return Number(match[1]);
}

const bodyRows = (page: Page) => page.locator("tbody tr");

e2e("the recordings load with date, phone, mail, practice and size in KB with one decimal", async ({ page }) => {
  await openCallRecordings(page);
  const headers = await page.getByRole("columnheader").allTextContents();
  assert.deepEqual(headers, ["Date", "Phone", "Mail", "Practice", "Size", "Download", "Play"]);
  assert.equal(await bodyRows(page).count(), 15, "15 rows per page by default");
  const size = await bodyRows(page).first().getByRole("cell").nth(4).textContent();
  assert.match(size ?? "", /^\d+\.\d KB$/);
  await snapshot(page, "call-recordings");
});

e2e("the campaign filter and the text search change the rows; a search without matches is empty", async ({ page }) => {
  await openCallRecordings(page);
  const all = await foundCount(page);
  const campaign = page.getByLabel("Campaign");
  const firstCampaign = await campaign.locator("option").nth(1).getAttribute("value");
  assert.ok(firstCampaign);
  await campaign.selectOption(firstCampaign);
  const ofCampaign = await foundCount(page);
  assert.ok(ofCampaign > 0 && ofCampaign < all, `campaign ${firstCampaign}: ${ofCampaign} of ${all}`);

  await page.getByRole("searchbox", { name: "Search" }).fill("no-such-recording-xyz");
  await page.getByRole("searchbox", { name: "Search" }).press("Enter");
  await expectVisible(page.getByRole("cell", { name: "No call recordings found." }));
  await snapshot(page, "call-recordings-empty");
});

e2e("a date range applies once both dates are picked; the click that opens the calendar again clears it", async ({ page }) => {
  await openCallRecordings(page);
  const all = await foundCount(page);
  const firstDate = await bodyRows(page).first().getByRole("cell").first().textContent();
  const [month, day, year] = (firstDate ?? "").slice(0, 10).split("/");
  const newest = `${year}-${month}-${day}`;

  const rangeButton = page.getByRole("button", { name: /^Date range/ });
  await rangeButton.click();
  const calendar = page.getByRole("group", { name: "Pick the first and the last day" });
  await calendar.getByLabel("From").fill(newest);
  await expectVisible(calendar);
  assert.equal(await foundCount(page), all, "one date is not a range");
  await snapshot(page, "call-recordings-calendar");

  await calendar.getByLabel("To").fill(newest);
  await calendar.waitFor({ state: "detached" });
  const ofDay = await foundCount(page);
  assert.ok(ofDay > 0 && ofDay < all, `one day: ${ofDay} of ${all}`);
  // The range as the app writes dates (the table's MM/DD/YYYY), not as the date fields hold it.
  const shown = `${month}/${day}/${year}`;
  await expectVisible(page.getByRole("button", { name: `Date range ${shown} to ${shown}`, exact: true }));

  // §5 "opening the calendar clears the previous range": one click clears it and opens the calendar.
  await rangeButton.click();
  await expectVisible(page.getByRole("button", { name: "Date range Any date", expanded: true }));
  await expectVisible(calendar);
  assert.equal(await foundCount(page), all, "the previous range is cleared");
  await expectVisible(calendar);
});

e2e("page size and pagination move through the recordings", async ({ page }) => {
  await openCallRecordings(page);
  const firstPhone = await bodyRows(page).first().getByRole("cell").nth(1).textContent();
  const pager = page.getByRole("navigation", { name: "Call recordings pages" });
  await pager.getByRole("button", { name: "Page 2" }).click();
  await expectVisible(pager.locator('[aria-current="page"]', { hasText: "2" }));
  await foundCount(page);
  assert.notEqual(await bodyRows(page).first().getByRole("cell").nth(1).textContent(), firstPhone);

  await page.getByLabel("Rows per page").selectOption("50");
  await foundCount(page);
  assert.equal(await bodyRows(page).count(), 50);
  await expectVisible(pager.locator('[aria-current="page"]', { hasText: "1" }));
});

e2e("Download opens the returned link in a new tab", async ({ page }) => {
  // The tab itself would leave the fake backend (a new tab has no MSW client): record what the
  // app asks the browser to open, then fetch that link from the app's page.
  await page.addInitScript(() => {
    const opened: unknown[][] = [];
    Object.assign(window, { openedTabs: opened });
    window.open = (...args: unknown[]) => {
      opened.push(args);
      return null;
    };
  });
  await openCallRecordings(page);
  const name = (await bodyRows(page).first().getByRole("button", { name: /^Download / }).getAttribute("aria-label"))!.replace(/^Download /, "");
  await bodyRows(page).first().getByRole("button", { name: /^Download / }).click();
  await page.waitForFunction(() => (window as unknown as { openedTabs: unknown[] }).openedTabs.length === 1);
  const [url, target] = (await page.evaluate(() => (window as unknown as { openedTabs: unknown[][] }).openedTabs[0])) as [string, string];
  assert.equal(target, "_blank");
  assert.match(url, /\/api\/call-recordings\/file\/[A-Za-z0-9._~-]+$/);
  const file = await page.evaluate(async (link) => {
    const answer = await fetch(link);
    return { status: answer.status, type: answer.headers.get("Content-Type"), disposition: answer.headers.get("Content-Disposition") };
  }, url);
  assert.equal(file.status, 200);
  assert.match(file.type ?? "", /^audio\//);
  assert.ok(file.disposition?.includes(name), `saved as ${name}: ${file.disposition}`);
});

/** The player's position in seconds, as its slider says. */
const playerPosition = async (page: Page) => Number(await page.getByRole("slider", { name: "Position" }).inputValue());

e2e("a recording plays in the page from the keyboard: pause, speed, position; one at a time", async ({ page }) => {
  await openCallRecordings(page);
  const first = bodyRows(page).first().getByRole("button", { name: /^Play / });
  const name = (await first.getAttribute("aria-label"))!.replace(/^Play /, "");
  await first.focus();
  await page.keyboard.press("Enter");
  const player = page.getByRole("region", { name: `Player: ${name}` });
  await expectVisible(player.getByRole("status").filter({ hasText: "Playing" }), 15_000);
  await page.waitForFunction(() => Number(document.querySelector<HTMLInputElement>(".recording-player input[type=range]")?.value) >= 1, null, { timeout: 15_000 });
  await expectVisible(bodyRows(page).first().getByRole("button", { name: `Pause ${name}` }));

  await player.getByRole("button", { name: "2×" }).focus();
  await page.keyboard.press("Enter");
  assert.equal(await player.getByRole("button", { name: "2×" }).getAttribute("aria-pressed"), "true");

  await player.getByRole("button", { name: "Pause", exact: true }).focus();
  await page.keyboard.press("Space");
  await expectVisible(player.getByRole("status").filter({ hasText: "Paused" }));
  const pausedAt = await playerPosition(page);
  await page.getByRole("slider", { name: "Position" }).focus();
  await page.keyboard.press("PageUp");
  await expectVisible(player.getByRole("status").filter({ hasText: "Paused" }));
  assert.ok((await playerPosition(page)) > pausedAt, "Page Up moves the position on");
  for (const viewport of [{ width: 1366, height: 768 }, { width: 1920, height: 1080 }]) {
    await page.setViewportSize(viewport);
    await snapshot(page, `call-recordings-player-${viewport.width}`);
  }

  const second = bodyRows(page).nth(1).getByRole("button", { name: /^Play / });
  const secondName = (await second.getAttribute("aria-label"))!.replace(/^Play /, "");
  await second.click();
  await expectVisible(page.getByRole("region", { name: `Player: ${secondName}` }).getByRole("status").filter({ hasText: "Playing" }), 15_000);
  assert.equal(await page.getByRole("region", { name: /^Player: / }).count(), 1, "one recording plays at a time");
  await page.getByRole("button", { name: "Close player" }).click();
  await page.getByRole("region", { name: /^Player: / }).waitFor({ state: "detached" });
});

e2e("an administrator runs the recordings import from the Crons modal and reads its report; a member's results history opens exactly that member's recordings", async ({ page }) => {
  await signInAs(page, ADMIN);
  await goInApp(page, "/members/all");
  const row = page.locator("tbody tr.member-row").first();
  await expectVisible(row, 30_000);
  await page.getByRole("button", { name: "Crons", exact: true }).click();
  const crons = page.getByRole("dialog", { name: "Crons" });
  await crons.getByRole("button", { name: "Run now: Import call recordings" }).click();
  const report = crons.getByRole("region", { name: /^Import call recordings, run of / });
  await expectVisible(report);
  if (phoneSystem) {
    // The server's phone system's bucket: whatever it holds was taken in by the walk that dropped it.
    await expectVisible(report.getByRole("heading", { name: /: finished$/ }), 30_000);
  } else {
    // The fake backend has no phone system's place: the run ends skipped, saying which setting it needs.
    await expectVisible(report.getByRole("heading", { name: /: skipped$/ }), 30_000);
    await expectVisible(report.getByRole("status").filter({ hasText: "RECORDINGS_SOURCE" }));
  }
  assert.equal(await report.getByText("Keys refused").locator("xpath=following-sibling::dd").textContent(), "0");
  for (const viewport of [{ width: 1366, height: 768 }, { width: 1920, height: 1080 }]) {
    await page.setViewportSize(viewport);
    await snapshot(page, `crons-recordings-import-${viewport.width}`);
  }
  await crons.getByRole("button", { name: "Close" }).last().click();
  await crons.waitFor({ state: "detached" });

  await row.getByRole("button", { name: /^View History of / }).click();
  const history = page.getByRole("dialog", { name: /^Results history — / });
  const link = history.getByRole("link", { name: /^Call recordings of / });
  const name = (await link.textContent())!.replace(/^Call recordings of /, "");
  await link.click();
  await expectVisible(page.getByRole("heading", { level: 1, name: "Call Recordings" }));
  await expectVisible(page.getByText(`Only the recordings of ${name}`));
  await expectVisible(page.getByRole("table", { name: /Call recordings: \d+ found/ }));
  await snapshot(page, "call-recordings-of-member");
  await page.getByRole("button", { name: "Show every recording" }).click();
  await expectVisible(page.getByRole("table", { name: /Call recordings: [1-9]\d* found/ }));
}, { timeout: 180_000 });

/** A mono 8 kHz 16-bit WAV of `seconds` of silence: long enough for the player to play and seek. */
function silentWav(seconds: number): Buffer {
  const data = 8000 * 2 * seconds;
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + data, 4);
  header.write("WAVEfmt ", 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36);
  header.writeUInt32LE(data, 40);
  return Buffer.concat([header, Buffer.alloc(data)]);
}

e2e("recordings the phone system drops in its bucket come in with Run now, are listed and play in the page", async ({ page, t }) => {
  if (!phoneSystem) {
    t.skip("the phone system's bucket (s3rver) is the server target's (E2E_TARGET=server)");
    return;
  }
  // Today in the report time zone, under the plain layout: day/practice/campaign/phone_agent_time.
  const day = practiceToday();
  const phone = "7135550177";
  await signInAs(page, ADMIN);
  await goInApp(page, "/call-recordings");
  await expectVisible(page.getByRole("table", { name: /Call recordings: \d+ found/ }));
  const practice = (await bodyRows(page).first().getByRole("cell").nth(3).textContent())!.trim();
  for (const time of ["091500", "093000"]) {
    await phoneSystem.put(`${day}/${practice}/Phone walk/${phone}_${STAFF.email}_${time}.wav`, silentWav(20));
  }
  await phoneSystem.put(`${day}/${practice}/Phone walk/notes.txt`, Buffer.from("not a recording"));

  await goInApp(page, "/members/all");
  await page.getByRole("button", { name: "Crons", exact: true }).click();
  const crons = page.getByRole("dialog", { name: "Crons" });
  await crons.getByRole("button", { name: "Run now: Import call recordings" }).click();
  const report = crons.getByRole("region", { name: /^Import call recordings, run of / });
  await expectVisible(report.getByRole("heading", { name: /: finished$/ }), 60_000);
  assert.equal(await report.getByText("Recordings added").locator("xpath=following-sibling::dd").textContent(), "2");
  assert.equal(await report.getByText("Keys refused").locator("xpath=following-sibling::dd").textContent(), "1");
  await snapshot(page, "crons-recordings-imported");
  await crons.getByRole("button", { name: "Close" }).last().click();
  await crons.waitFor({ state: "detached" });

  await goInApp(page, "/call-recordings");
  await page.getByRole("searchbox", { name: "Search" }).fill("555-0177");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expectVisible(page.getByRole("table", { name: "Call recordings: 2 found" }));
  const play = bodyRows(page).first().getByRole("button", { name: /^Play / });
  const name = (await play.getAttribute("aria-label"))!.replace(/^Play /, "");
  assert.match(name, /^7135550177_marcus\.reed@recalldesk\.example_093000\.wav$/);
  await play.click();
  const player = page.getByRole("region", { name: `Player: ${name}` });
  await expectVisible(player.getByRole("status").filter({ hasText: "Playing" }), 15_000);
  await snapshot(page, "call-recordings-imported-playing");
}, { timeout: 180_000 });
