import { e2e, expectVisible } from "./harness.ts";
import { visit } from "./visit.ts";

e2e("signed out, / shows the login screen titled SIGN IN", async ({ page }) => {
  const title = page.getByRole("heading", { level: 1, name: "SIGN IN", exact: true });

  await visit(page, "/", "login", { waitFor: title });

  await expectVisible(title);
  await expectVisible(page.getByRole("button", { name: "Sign in with your account", exact: true }));
});
