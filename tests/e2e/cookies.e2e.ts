// §2 Login screen: cookies disabled in the browser. The test's browser really blocks them, and so
// all site data (browser.ts explains how): storage and service workers are refused, as they are
// for a person who chose "Don't allow sites to save data" in Chromium's settings.
import assert from "node:assert/strict";
import { chooseAccount, STAFF, waitForPath } from "./accounts.ts";
import { e2e, expectVisible } from "./harness.ts";
import { snapshot } from "./visit.ts";

const BOOT_TIMEOUT_MS = 30_000;

e2e(
  "cookies blocked in the browser's settings: the app starts, shows the cookies modal, and still signs in for the page's life",
  async ({ page }) => {
    await page.goto("/");
    const dialog = page.getByRole("dialog", { name: "Cookies are disabled in browser window." });
    await expectVisible(dialog, BOOT_TIMEOUT_MS);
    await expectVisible(dialog.getByText(/eye icon/));
    const storage = await page.evaluate(() => {
      try {
        return typeof localStorage;
      } catch (error) {
        return (error as Error).name;
      }
    });
    assert.equal(storage, "SecurityError", "the browser refuses site data");
    await snapshot(page, "cookies-blocked");

    await dialog.getByRole("button", { name: "OK" }).click();
    await dialog.waitFor({ state: "detached" });
    await expectVisible(page.getByRole("heading", { level: 1, name: "SIGN IN" }));

    // As far as it can: signing in and working the list need no storage.
    await chooseAccount(page, STAFF);
    await waitForPath(page, STAFF.defaultPage);
    await expectVisible(page.getByText(/^Showing 1–15 of/), BOOT_TIMEOUT_MS);
    await snapshot(page, "cookies-blocked-members");
    await page.getByRole("link", { name: "Call Recordings" }).click();
    await expectVisible(page.getByRole("heading", { level: 1, name: "Call Recordings" }), BOOT_TIMEOUT_MS);

    // Nowhere to keep the session: a reload starts signed out, and says why again.
    await page.reload();
    await expectVisible(dialog, BOOT_TIMEOUT_MS);
    await expectVisible(page.getByRole("heading", { level: 1, name: "SIGN IN" }));
  },
  { cookies: "blocked" },
);
