// Sign-in, the session and the application shell.
import assert from "node:assert/strict";
import { ADMIN, goInApp, handoffToken, signInAs, STAFF, waitForPath } from "./accounts.ts";
import { e2e, expectVisible } from "./harness.ts";
import { snapshot } from "./visit.ts";
import { networkQuiet } from "./network.ts";

const ADMIN_ONLY_ENTRIES = ["RTP 4", "EVA", "ADMIN", "PP COLLECTION BY MONTH", "PP PATIENT DETAILS", "PP COLLECTIONS BY OFFICE", "USAGE"];

e2e("an administrator signs in, lands on the default page and sees the administrator menu", async ({ page }) => {
  await signInAs(page, ADMIN);
  await waitForPath(page, ADMIN.defaultPage);
  const menu = page.getByRole("navigation", { name: "Main menu" });
  for (const entry of ["dashboard", "Call Recordings", "Members Status Report", ...ADMIN_ONLY_ENTRIES]) {
    await expectVisible(menu.getByRole("link", { name: entry, exact: true }));
  }
  for (const group of ["MEMBERS", "DELETED APPOINTMENTS"]) await expectVisible(menu.getByRole("button", { name: group }));
  await snapshot(page, "layout-admin", { waitFor: page.getByRole("heading", { name: "Dashboard" }) });

  await page.getByRole("button", { name: ADMIN.name }).click();
  const userMenu = page.getByRole("menu");
  for (const item of ["Logout", "Set Default", "Feedback", "Manage Help"]) {
    await expectVisible(userMenu.getByRole("menuitem", { name: item }));
  }
  const manageHelp = userMenu.getByRole("menuitem", { name: "Manage Help" });
  assert.equal(await manageHelp.getAttribute("target"), "_blank");
  assert.match((await manageHelp.getAttribute("href")) ?? "", /\/manager-help$/);
  await snapshot(page, "user-menu-admin");
});

e2e("staff who are not administrators see neither the administrator entries nor Manage Help", async ({ page }) => {
  await signInAs(page, STAFF);
  await waitForPath(page, STAFF.defaultPage);
  const menu = page.getByRole("navigation", { name: "Main menu" });
  await expectVisible(menu.getByRole("button", { name: "DELETED APPOINTMENTS" }));
  for (const entry of ADMIN_ONLY_ENTRIES) {
    assert.equal(await menu.getByRole("link", { name: entry, exact: true }).count(), 0, `${entry} is for administrators`);
  }
  await page.getByRole("button", { name: STAFF.name }).click();
  await expectVisible(page.getByRole("menuitem", { name: "Logout" }));
  assert.equal(await page.getByRole("menuitem", { name: "Manage Help" }).count(), 0);
  await snapshot(page, "layout-staff");
});

e2e("a protected route visited while signed out goes to the login screen", async ({ page }) => {
  await page.goto("/members-status-report");
  await waitForPath(page, "/");
  await expectVisible(page.getByRole("heading", { level: 1, name: "SIGN IN" }));
});

e2e("a partner hand-off token in /cdpLogin/{token} signs in and shows the members list", async ({ page }) => {
  await page.goto(`/cdpLogin/${await handoffToken(ADMIN.email)}`);
  await waitForPath(page, "/members/all");
  await expectVisible(page.getByRole("button", { name: ADMIN.name }));
});

e2e("a token with a page parameter lands on members/all; without one on the default page", async ({ page }) => {
  await page.goto(`/?token=${await handoffToken(ADMIN.email)}&page=members`);
  await waitForPath(page, "/members/all");
  // Signing out while the list still loads would end the session under its request (a 401).
  await expectVisible(page.getByText(/^Showing 1–15 of/), 30_000);

  await page.getByRole("button", { name: ADMIN.name }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expectVisible(page.getByRole("heading", { level: 1, name: "SIGN IN" }));

  await page.goto(`/?token=${await handoffToken(ADMIN.email)}`);
  await waitForPath(page, ADMIN.defaultPage);
});

e2e("a token that was already used is refused with a visible message", async ({ page, expectConsoleError }) => {
  expectConsoleError(/401/);
  const token = await handoffToken(STAFF.email);
  await page.goto(`/cdpLogin/${token}`);
  await waitForPath(page, "/members/all");
  await page.getByRole("button", { name: STAFF.name }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expectVisible(page.getByRole("heading", { level: 1, name: "SIGN IN" }));

  await page.goto(`/cdpLogin/${token}`);
  await expectVisible(page.getByRole("alert").getByText("Invalid or expired token"));
  await snapshot(page, "login-token-refused");
});

e2e("a session that ends mid-use returns to the login screen", async ({ page, expectConsoleError }) => {
  expectConsoleError(/401/);
  await signInAs(page, STAFF);
  await waitForPath(page, STAFF.defaultPage);
  await expectVisible(page.getByText(/^Showing 1–15 of/), 30_000);
  // The server forgets the session (as an idle timeout or a revocation elsewhere would).
  await page.evaluate(async () => {
    const { accessToken } = JSON.parse(localStorage.getItem("recall-desk:auth") ?? "{}") as { accessToken: string };
    await fetch("/api/sessions", { method: "DELETE", headers: { Authorization: `Bearer ${accessToken}` } });
  });
  await page.getByRole("link", { name: "Call Recordings" }).click();
  await expectVisible(page.getByRole("heading", { level: 1, name: "SIGN IN" }), 15_000);
  assert.equal(await page.evaluate(() => localStorage.getItem("recall-desk:auth")), null);
});

e2e("a reload keeps the session (auth state in browser storage, login cookie)", async ({ page }) => {
  await signInAs(page, STAFF);
  await waitForPath(page, STAFF.defaultPage);
  await page.reload();
  await expectVisible(page.getByRole("button", { name: STAFF.name }));
  const cookie = (await page.context().cookies()).find((c) => c.name === "recallDeskLogin");
  assert.ok(cookie, "the login cookie is set");
  const days = (cookie.expires * 1000 - Date.now()) / 86_400_000;
  assert.ok(days > 6.9 && days <= 7, `the login cookie lasts 7 days (${days.toFixed(2)})`);
});

e2e("feedback needs a subject and a message, then sends", async ({ page }) => {
  await signInAs(page, STAFF);
  await page.getByRole("button", { name: "FEEDBACK" }).click();
  const dialog = page.getByRole("dialog", { name: "Feedback" });
  await dialog.getByRole("button", { name: "Send" }).click();
  await expectVisible(dialog.getByRole("alert").getByText("Please enter subject and message"));
  await snapshot(page, "feedback-invalid");

  await dialog.getByLabel("Subject").fill("Members list");
  await dialog.getByLabel("Message").fill("The phone column should copy on click.");
  await dialog.getByRole("button", { name: "Send" }).click();
  await expectVisible(dialog.getByText("Thank you — your feedback was sent."));
  await snapshot(page, "feedback-sent");
});

e2e("Set Default saves the default practice and status, and reloads the page", async ({ page }) => {
  await signInAs(page, STAFF);
  await page.getByRole("button", { name: STAFF.name }).click();
  await page.getByRole("menuitem", { name: "Set Default" }).click();
  const dialog = page.getByRole("dialog", { name: "Set Default" });
  const status = dialog.getByLabel("Default status filter");
  await expectVisible(status);
  await snapshot(page, "set-default");
  await status.selectOption({ label: "New Patient" });

  const reloaded = page.waitForEvent("load");
  await dialog.getByRole("button", { name: "Save" }).click();
  await reloaded;

  await page.getByRole("button", { name: STAFF.name }).click();
  await page.getByRole("menuitem", { name: "Set Default" }).click();
  const again = page.getByRole("dialog", { name: "Set Default" }).getByLabel("Default status filter");
  await expectVisible(again);
  await page.waitForFunction(
    () => document.querySelector<HTMLSelectElement>('[role="dialog"] select')?.selectedOptions[0]?.text === "New Patient",
  );
});

// Each screen's own spec photographs it and checks its accessibility; this walk proves every route
// of the specification opens in the shell, and checks the two pages no other spec visits.
e2e("every route of the specification opens for an administrator", async ({ page }) => {
  await signInAs(page, ADMIN);
  const routes = [
    ["/dashboard", "dashboard"],
    ["/members/smile-magic", "members-smile-magic"],
    ["/members/family-smiles", "members-family-smiles"],
    ["/members/all", "members-all"],
    ["/members-status-report", "members-status-report"],
    ["/call-recordings", "call-recordings"],
    ["/new-patient-origin", "new-patient-origin"],
    ["/contact-data-report", "contact-data-report"],
    ["/quality-index-report", "quality-index-report"],
    ["/priority-status-report", "priority-status-report"],
    ["/lead-data-report", "lead-data-report"],
    ["/deleted-appointments/bygroup", "deleted-bygroup"],
    ["/deleted-appointments/summary", "deleted-summary"],
    ["/deleted-appointments/details", "deleted-details"],
    ["/usage", "usage"],
    ["/under-construction", "under-construction"],
    ["/test", "test-page"],
  ] as const;
  for (const [path, name] of routes) {
    await goInApp(page, path);
    const heading = page.getByRole("heading", { level: 1 });
    if (name === "under-construction" || name === "test-page") await snapshot(page, `route-${name}`, { waitFor: heading });
    else await expectVisible(heading, 30_000);
    assert.equal(new URL(page.url()).pathname, path);
  }
  // A full page load of a protected route keeps the session too.
  await page.goto("/lead-data-report");
  await expectVisible(page.getByRole("heading", { level: 1, name: "Lead Data Report" }), 30_000);
  assert.equal(new URL(page.url()).pathname, "/lead-data-report");
});

e2e("the menu button hides and shows the sidebar", async ({ page }) => {
  await signInAs(page, ADMIN);
  const toggle = page.getByRole("button", { name: "Hide the menu" });
  await toggle.click();
  await expectVisible(page.getByRole("button", { name: "Show the menu" }));
  await page.waitForTimeout(600);
  assert.equal(await page.getByRole("navigation", { name: "Main menu" }).isVisible(), false);
  await page.getByRole("button", { name: "Show the menu" }).click();
  await expectVisible(page.getByRole("navigation", { name: "Main menu" }));
});

e2e("below 1024 px the sidebar covers the page, closes after a choice or Escape, and no page scrolls sideways", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, ADMIN);
  await waitForPath(page, ADMIN.defaultPage);
  const menu = page.getByRole("navigation", { name: "Main menu" });
  assert.equal(await menu.isVisible(), false, "a narrow window opens on the page, the menu closed");

  await page.getByRole("button", { name: "Show the menu" }).click();
  await expectVisible(menu);
  await snapshot(page, "layout-narrow-menu-open");
  await page.keyboard.press("Escape");
  await expectVisible(page.getByRole("button", { name: "Show the menu" }));

  await page.getByRole("button", { name: "Show the menu" }).click();
  await menu.getByRole("link", { name: "Call Recordings", exact: true }).click();
  await waitForPath(page, "/call-recordings");
  await expectVisible(page.getByRole("button", { name: "Show the menu" }));
  await page.waitForTimeout(600);
  assert.equal(await menu.isVisible(), false, "choosing a page closes the menu");

  for (const path of ["/call-recordings", "/members/all", "/members-status-report", "/usage"]) {
    await goInApp(page, path);
    await expectVisible(page.getByRole("heading", { level: 1 }), 30_000);
    // Measured once the filters' choices have arrived: a select is as wide as its longest choice.
    await networkQuiet(page);
    const { scrollWidth, clientWidth, wider } = await page.evaluate(widthOfPage);
    assert.ok(scrollWidth <= clientWidth, `${path} scrolls sideways: ${scrollWidth} px wide in a ${clientWidth} px window, past its right edge: ${wider}`);
  }
  await snapshot(page, "layout-narrow-usage");
});

e2e("DELETED APPOINTMENTS and MEMBERS expand and collapse their sub-items, open while one of their pages is shown", async ({ page }) => {
  await signInAs(page, STAFF);
  await waitForPath(page, STAFF.defaultPage);
  const menu = page.getByRole("navigation", { name: "Main menu" });
  const members = menu.getByRole("button", { name: "MEMBERS" });
  const deleted = menu.getByRole("button", { name: "DELETED APPOINTMENTS" });
  const byGroup = menu.getByRole("link", { name: "By Group" });
  assert.equal(await members.getAttribute("aria-expanded"), "true", "the members list is shown: MEMBERS is open");
  assert.equal(await deleted.getAttribute("aria-expanded"), "false");
  assert.equal(await byGroup.isVisible(), false);

  // From the keyboard: Enter opens the group, Tab reaches its first page, Enter opens that.
  await deleted.focus();
  await page.keyboard.press("Enter");
  assert.equal(await deleted.getAttribute("aria-expanded"), "true");
  await page.keyboard.press("Tab");
  assert.equal(await byGroup.evaluate((link) => link === document.activeElement), true);
  await page.keyboard.press("Enter");
  await waitForPath(page, "/deleted-appointments/bygroup");
  await expectVisible(page.getByRole("heading", { level: 1 }), 30_000);
  assert.equal(await byGroup.getAttribute("aria-current"), "page");
  await snapshot(page, "menu-groups-open");

  // Space closes MEMBERS, which none of the shown pages belongs to.
  await members.focus();
  await page.keyboard.press(" ");
  assert.equal(await members.getAttribute("aria-expanded"), "false");
  assert.equal(await menu.getByRole("link", { name: "Smile Magic" }).isVisible(), false);
  await snapshot(page, "menu-members-closed");

  // A page of a group loaded directly shows the group open.
  await page.goto("/deleted-appointments/details");
  await expectVisible(menu.getByRole("link", { name: "Details" }), 30_000);
  assert.equal(await deleted.getAttribute("aria-expanded"), "true");
  assert.equal(await members.getAttribute("aria-expanded"), "false");
});

e2e("the user menu works from the keyboard: arrows move, Escape closes and returns focus", async ({ page }) => {
  await signInAs(page, STAFF);
  const button = page.getByRole("button", { name: STAFF.name });
  await button.focus();
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => document.activeElement?.textContent === "Logout");
  await page.keyboard.press("ArrowDown");
  await page.waitForFunction(() => document.activeElement?.textContent === "Set Default");
  await page.keyboard.press("Escape");
  assert.equal(await page.getByRole("menu").count(), 0);
  assert.equal(await button.evaluate((element) => element === document.activeElement), true);
});

e2e("a page the user stays on for 3 s is recorded for the usage report", async ({ page }) => {
  await signInAs(page, ADMIN);
  const visitsOf = (path: string) =>
    page.evaluate(async (visited) => {
      const { accessToken } = JSON.parse(localStorage.getItem("recall-desk:auth") ?? "{}") as { accessToken: string };
      const today = new Date().toISOString().slice(0, 10);
      const params = encodeURIComponent(JSON.stringify({ startDate: "2000-01-01", endDate: today, userSearch: "Moreno" }));
      const answer = await fetch(`/api/report/usage/${params}`, { headers: { Authorization: `Bearer ${accessToken}` } });
      const rows = (await answer.json()) as { visitedUrl: string; count: number }[];
      return rows.filter((row) => row.visitedUrl === visited).reduce((sum, row) => sum + row.count, 0);
    }, path);
  const before = await visitsOf("/lead-data-report");

  await page.getByRole("link", { name: "Lead Data Report" }).click();
  await waitForPath(page, "/lead-data-report");
  await page.waitForTimeout(2_000);
  assert.equal(await visitsOf("/lead-data-report"), before, "not recorded before 3 s");
  await page.waitForTimeout(1_500);
  assert.equal(await visitsOf("/lead-data-report"), before + 1, "recorded once after 3 s");
});

/** The page's width, and the outermost elements that reach past the window's right edge (to name them in a failure). */
function widthOfPage(): { scrollWidth: number; clientWidth: number; wider: string } {
  const clipped = (element: HTMLElement) => {
    for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
      if (getComputedStyle(parent).overflowX !== "visible") return true;
    }
    return false;
  };
  const past = [...document.body.querySelectorAll<HTMLElement>("*")].filter(
    (element) => element.getBoundingClientRect().right > innerWidth + 0.5 && !clipped(element),
  );
  const outermost = past.filter((element) => !past.includes(element.parentElement!));
  const describe = (element: HTMLElement) =>
    `${element.tagName.toLowerCase()}${element.className && typeof element.className === "string" ? "." + element.className.trim().split(/\s+/).join(".") : ""} (right ${Math.round(element.getBoundingClientRect().right)} px)`;
  return { scrollWidth: document.scrollingElement!.scrollWidth, clientWidth: innerWidth, wider: outermost.slice(0, 5).map(describe).join(", ") || "none" };
}
