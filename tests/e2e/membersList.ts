// Waiting on the members list, shared by the specs that work it.
import type { Page } from "playwright-core";

/** The list has settled: no load under way and no search waiting. */
export async function membersListReady(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const busy = document.querySelector(".members-table")?.getAttribute("aria-busy");
    const status = document.querySelector(".members-page__status")?.textContent ?? "";
    return busy === "false" && status === "";
  }, undefined, { timeout: 60_000 });
}
