// Two agents on one members list, each in a browser of their own: Marcus Reed (the harness's page)
// and Priya Natarajan (a second browser). A claim by one shows on the other's row within 1 s, a
// save by one updates the other's row without a reload, and a save on a page that missed a
// colleague's save shows the conflict with Keep theirs / Save mine.
//
// It needs one backend both browsers share: the server (`npm run test:e2e:server`) or the fake
// backend in Node (E2E_TARGET=fake-host, `npm run test:e2e:team`). The in-browser fake backend of
// the `mock` target keeps one store per tab, so there the test is skipped.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { launchBrowser } from "./browser.ts";
import { e2e, expectVisible } from "./harness.ts";
import { membersListReady, openOneMember, SHARED_BACKEND } from "./membersList.ts";
import { trackNetwork } from "./network.ts";
import { snapshot } from "./visit.ts";

const MARCUS = { name: "Marcus Reed" };
const PRIYA = { name: "Priya Natarajan" };


const row = (page: Page) => page.locator("tbody tr.member-row").first();
const resultOf = (page: Page) => row(page).getByRole("combobox", { name: /^Result for / });

e2e("two agents: a claim shows on the colleague's row within 1 s, a save updates it live, a stale save shows the conflict", async ({ page, baseURL, t, expectConsoleError }) => {
  if (!SHARED_BACKEND) {
    t.skip("the in-browser fake backend keeps one store per tab: run with E2E_TARGET=fake-host or server");
    return;
  }
  const other = await launchBrowser(baseURL);
  const errorsOfPriya: string[] = [];
  try {
    const priya = await other.context.newPage();
    trackNetwork(priya);
    priya.on("console", (message) => void (message.type() === "error" && errorsOfPriya.push(message.text())));
    priya.on("pageerror", (error) => void errorsOfPriya.push(error.message));

    const sid = await openOneMember(page, MARCUS);
    await openOneMember(priya, PRIYA, { subscriberId: sid });
    const name = (await row(page).getByRole("rowheader").textContent()) ?? "";
    assert.ok(name.length > 0);

    // 1. Marcus opens the member's notes: Priya sees "Marcus Reed is calling" within 1 s.
    const clicked = Date.now();
    await row(page).getByRole("button", { name: /^Add Notes for / }).click();
    await expectVisible(row(priya).getByText("Marcus Reed is calling", { exact: true }), 1_000);
    t.diagnostic(`claim shown on the colleague's row ${Date.now() - clicked} ms after the click`);
    await expectVisible(row(page).getByText("You are calling", { exact: true }));
    await snapshot(priya, "team-claim-badge");
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
    // Marcus moves on (focus leaves the row): the claim is released. Timed, not held to the 1 s of a
    // claim showing: under two CI stages at once the release's request and event took just over 1 s.
    const left = Date.now();
    await page.getByRole("heading", { level: 1 }).click();
    await row(priya).getByText("Marcus Reed is calling").waitFor({ state: "detached", timeout: 3_000 });
    t.diagnostic(`claim gone from the colleague's row ${Date.now() - left} ms after Marcus moved on`);

    // 2. Priya saves a result: Marcus's row follows without a reload.
    await page.evaluate(() => ((window as unknown as { unreloaded: boolean }).unreloaded = true));
    const saved = Date.now();
    await resultOf(priya).selectOption("Appointment Made");
    await page.waitForFunction(() => {
      const select = document.querySelector<HTMLSelectElement>("tbody tr.member-row select");
      return select?.value === "Appointment Made";
    }, undefined, { timeout: 1_000 });
    t.diagnostic(`saved result shown on the colleague's row ${Date.now() - saved} ms after the choice`);
    assert.match((await row(page).getAttribute("class")) ?? "", /member-row--appointment/);
    assert.equal(await page.evaluate(() => (window as unknown as { unreloaded?: boolean }).unreloaded), true);
    await membersListReady(priya);

    // 3. Marcus's page misses Priya's next save (his event stream cannot reconnect): his save is stale.
    await page.route("**/api/events/ticket", (route) => route.abort());
    expectConsoleError(/ERR_FAILED/);
    await page.reload();
    await membersListReady(page);
    await page.getByRole("search", { name: "Filter members" }).getByLabel("Search", { exact: true }).fill(sid);
    await page.waitForFunction(() => document.querySelectorAll("tbody tr.member-row").length === 1, undefined, { timeout: 30_000 });
    await membersListReady(page);
    await resultOf(priya).selectOption("No answer");
    await membersListReady(priya);
    assert.equal(await resultOf(page).inputValue(), "Appointment Made");

    expectConsoleError(/409/);
    await resultOf(page).selectOption("Broken");
    const notice = row(page).getByRole("alert");
    await expectVisible(notice);
    assert.match((await notice.textContent()) ?? "", /^Priya Natarajan saved No answer at .+\. Yours: Broken\./);
    assert.equal(await resultOf(page).inputValue(), "No answer");
    await notice.scrollIntoViewIfNeeded();
    await snapshot(page, "team-conflict-row");
    await notice.getByRole("button", { name: /^Save mine for / }).focus();
    await page.keyboard.press("Enter");
    await notice.waitFor({ state: "detached" });
    await membersListReady(page);
    assert.equal(await resultOf(page).inputValue(), "Broken");
    // Priya's stream is live: Marcus's save reaches her row too.
    await priya.waitForFunction(() => document.querySelector<HTMLSelectElement>("tbody tr.member-row select")?.value === "Broken", undefined, { timeout: 1_000 });
    assert.deepEqual(errorsOfPriya, []);
  } finally {
    await other.close();
  }
}, { timeout: 180_000 });
