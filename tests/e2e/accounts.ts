// Signing in as a person does in the mock app: the account chooser of the development provider,
// or a partner hand-off token signed with the development hand-off secret (domain/signInTokens.ts).
import { SignJWT } from "jose";
import type { Page } from "playwright-core";
import { expectVisible } from "./harness.ts";

/** Seeded staff (demo/staff.ts): an administrator, and staff whose default page is the members list. */
export const ADMIN = { name: "Alicia Moreno", email: "alicia.moreno@recalldesk.example", defaultPage: "/dashboard" };
export const STAFF = { name: "Marcus Reed", email: "marcus.reed@recalldesk.example", defaultPage: "/members/all" };

const BOOT_TIMEOUT_MS = 30_000;

export async function signInAs(page: Page, person: { name: string }): Promise<void> {
  await page.goto("/");
  await chooseAccount(page, person);
}

/** On the login screen: the account sign-in button, then the person in the account chooser. */
export async function chooseAccount(page: Page, person: { name: string }): Promise<void> {
  const button = page.getByRole("button", { name: "Sign in with your account", exact: true });
  // The fake backend builds its database when the page loads: on a busy machine that takes a while.
  await expectVisible(button, BOOT_TIMEOUT_MS);
  await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>(".login__button")?.disabled, null, {
    timeout: BOOT_TIMEOUT_MS,
  });
  await button.click();
  const dialog = page.getByRole("dialog", { name: "Choose an account" });
  await dialog.getByRole("button", { name: new RegExp(`^${person.name}`) }).click();
  await dialog.waitFor({ state: "detached" });
  // The top bar's user button: signed in, the session stored.
  await expectVisible(page.getByRole("button", { name: person.name, exact: true }));
}

export function handoffToken(email: string): Promise<string> {
  return new SignJWT({ email })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuer("https://portal.recalldesk.example")
    .setAudience("recall-desk")
    .setJti(crypto.randomUUID())
    .setIssuedAt()
    .setExpirationTime("5m")
    .sign(new TextEncoder().encode("recall-desk development hand-off secret, 32+ bytes"));
}

export async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout: 15_000 });
}

/** Navigates inside the running app, as a menu link does (no page load: the fake backend keeps its state). */
export async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, "", to);
    dispatchEvent(new PopStateEvent("popstate"));
  }, path);
  await waitForPath(page, new URL(path, "http://app").pathname);
}
