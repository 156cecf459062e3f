// §2 Layout and §3: the user's avatar in the top bar (the profile picture, or the initials), and
// the sign-in payload taken from the provider's profile (§3, §7 POST sessions?jwt=1).
import assert from "node:assert/strict";
import { ADMIN, chooseAccount, signInAs, STAFF } from "./accounts.ts";
import { e2e, expectVisible } from "./harness.ts";
import { snapshot } from "./visit.ts";

e2e("the top bar shows the user's profile picture beside the name, announced once", async ({ page }) => {
  await signInAs(page, STAFF);
  const button = page.getByRole("button", { name: STAFF.name, exact: true });
  const picture = button.locator("img");
  await expectVisible(picture);
  assert.match((await picture.getAttribute("src")) ?? "", /^data:image\/svg\+xml;base64,/);
  assert.ok(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), "the picture loads");
  assert.equal(await button.getByText("MR").count(), 0, "no initials beside a picture");
  // What assistive technology gets: the button named once, the picture decorative.
  assert.equal(await button.ariaSnapshot(), `- button "${STAFF.name}"`);
  await snapshot(page, "avatar-picture", { waitFor: page.getByText(/^Showing 1–15 of/) });

  await page.getByRole("button", { name: STAFF.name }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  // Signed out (the stored session gone) before the next page load, which would otherwise offer
  // the revoked token to GET /sessions.
  await expectVisible(page.getByRole("heading", { level: 1, name: "SIGN IN" }));
  await signInAs(page, ADMIN);
  await expectVisible(page.getByRole("button", { name: ADMIN.name, exact: true }).locator("img"));
});

e2e("a user without a profile picture gets the initials instead", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Sign in with your account", exact: true }).click({ timeout: 30_000 });
  const chooser = page.getByRole("dialog", { name: "Choose an account" });
  // The demo's named accounts have pictures; the other agents none.
  await expectVisible(chooser.locator(".account-list__name").first(), 30_000);
  const names = await chooser.locator(".account-list__name").allInnerTexts();
  const name = names.map((text) => text.replace("Administrator", "").trim()).find((text) => !/^(Alicia|Marcus|Priya) /.test(text));
  assert.ok(name, "an account without a picture");
  await chooser.getByRole("button", { name: new RegExp(`^${name}`) }).click();

  const button = page.getByRole("button", { name, exact: true });
  await expectVisible(button, 30_000);
  const avatar = button.locator(".avatar");
  await expectVisible(avatar);
  const initials = await avatar.innerText();
  assert.match(initials, /^[A-Z]{2}$/);
  assert.equal(initials[0], name[0]);
  assert.equal(await button.locator("img").count(), 0);
  assert.equal(await button.ariaSnapshot(), `- button "${name}"`);
  await snapshot(page, "avatar-initials");
});

e2e("account sign-in posts the chosen account's email, firstName and profilePicture with the credential", async ({ page }) => {
  await page.goto("/");
  const posted = page.waitForRequest((request) => {
    const url = new URL(request.url());
    return request.method() === "POST" && url.pathname === "/api/sessions" && url.searchParams.get("jwt") === "1";
  });
  await chooseAccount(page, STAFF);
  const body = (await posted).postDataJSON() as Record<string, unknown>;

  assert.deepEqual(Object.keys(body).sort(), ["credential", "email", "firstName", "profilePicture"]);
  assert.match(String(body.credential), /^[\w-]+\.[\w-]+\.[\w-]+$/, "the provider's ID token");
  assert.equal(body.email, STAFF.email);
  assert.equal(body.firstName, "Marcus");
  // The same picture the top bar then shows, from the session the server answered.
  const shown = await page.getByRole("button", { name: STAFF.name, exact: true }).locator("img").getAttribute("src");
  assert.equal(body.profilePicture, shown);
  assert.match(String(body.profilePicture), /^data:image\/svg\+xml;base64,/);
});
