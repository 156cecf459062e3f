// Waiting on the members list, and opening it on one member, shared by the specs that work it.
import type { Page } from "playwright-core";
import { chooseAccount, goInApp, waitForPath } from "./accounts.ts";
import { expectVisible } from "./harness.ts";

/** Two browsers see one backend only on the server build or the fake backend in Node (fake-host). */
export const SHARED_BACKEND = ["server", "fake-host"].includes(process.env.E2E_TARGET ?? "") || Boolean(process.env.E2E_BASE_URL);

/** The list has settled: no load under way and no search waiting. */
export async function membersListReady(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const busy = document.querySelector(".members-table")?.getAttribute("aria-busy");
    const status = document.querySelector(".members-page__status")?.textContent ?? "";
    return busy === "false" && status === "";
  }, undefined, { timeout: 60_000 });
}

/**
 * Signed in as the person, on the whole list searched down to one member: the given one, or the
 * first of the list (the first without a result when `blank`). Answers its subscriber id.
 */
export async function openOneMember(page: Page, person: { name: string }, { subscriberId, blank = false }: { subscriberId?: string; blank?: boolean } = {}): Promise<string> {
  await page.goto("/");
  await chooseAccount(page, person);
  await page.waitForURL((url) => url.pathname.startsWith("/"), { timeout: 15_000 });
  await goInApp(page, "/members/all");
  await waitForPath(page, "/members/all");
  await expectVisible(page.locator(".members-table table"));
  await membersListReady(page);
  const filters = page.getByRole("search", { name: "Filter members" });
  await filters.getByLabel("Practice", { exact: true }).selectOption("all");
  await membersListReady(page);
  if (blank) {
    await filters.getByLabel("Result", { exact: true }).selectOption({ label: "Blank" });
    await membersListReady(page);
  }
  const id = subscriberId ?? ((await page.locator("tbody tr.member-row td").first().textContent()) ?? "");
  if (blank) {
    await filters.getByLabel("Result", { exact: true }).selectOption("all");
    await membersListReady(page);
  }
  await filters.getByLabel("Search", { exact: true }).fill(id);
  await page.waitForFunction((sid) => {
    const rows = [...document.querySelectorAll("tbody tr.member-row")];
    return rows.length === 1 && rows[0]!.querySelector("td")?.textContent === sid;
  }, id, { timeout: 30_000 });
  await membersListReady(page);
  return id;
}
