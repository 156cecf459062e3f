// §2 Layout and §3: the user's avatar in the top bar (the profile picture, or the initials).
import assert from "node:assert/strict";
import { ADMIN, signInAs, STAFF } from "./accounts.ts";
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
  await signInAs(page, ADMIN);
  await expectVisible(page.getByRole("button", { name: ADMIN.name, exact: true }).locator("img"));
});

e2e("a user without a profile picture gets the initials instead", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Sign in with your account", exact: true }).click({ timeout: 30_000 });
  const chooser = page.getByRole("dialog", { name: "Choose an account" });
  // The demo's named accounts have pictures; the other agents none.
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
