import { DEMO_PASSWORD } from "../../demo/staff.ts";
import { STAFF } from "./accounts.ts";
import { e2e, expectVisible } from "./harness.ts";
import { visit } from "./visit.ts";

e2e("signed out, / shows the login screen titled SIGN IN", async ({ page }) => {
  const title = page.getByRole("heading", { level: 1, name: "SIGN IN", exact: true });

  await visit(page, "/", "login", { waitFor: title });

  await expectVisible(title);
  await expectVisible(page.getByRole("button", { name: "Sign in with your account", exact: true }));
});

e2e("a local account signs in with e-mail and password, offered by default without a provider", async ({ page }) => {
  const form = page.getByRole("form", { name: "Sign in with e-mail and password" });
  await visit(page, "/", "login-password", { waitFor: form });
  await form.getByLabel("E-mail").fill(STAFF.email);
  await form.getByLabel("Password").fill(DEMO_PASSWORD);
  await form.getByRole("button", { name: "Sign in with e-mail and password" }).click();
  await page.waitForURL((url) => url.pathname === STAFF.defaultPage);
  await expectVisible(page.getByRole("button", { name: STAFF.name, exact: true }));
});
