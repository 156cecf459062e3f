// The month before the current one, for walks that need a report's figures at any hour: the demo
// world's history fills it, where the current month (the reports' default) is empty early on the
// 1st, before the practices open (or all day on a Sunday the 1st).
import type { Page } from "playwright-core";
import { practiceToday } from "./browser.ts";

/** The whole month before the practice group's current one, as YYYY-MM-DD. */
export function practiceLastMonth(): { from: string; to: string } {
  const [year, month] = practiceToday().split("-").map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 2, 1));
  const last = new Date(Date.UTC(year, month - 1, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

/** A deleted appointments view over last month (its From and To), once it has loaded. */
export async function deletedLastMonth(page: Page, { datesInCaption }: { datesInCaption: boolean }): Promise<void> {
  const { from, to } = practiceLastMonth();
  await page.getByLabel("From", { exact: true }).fill(from);
  await page.getByLabel("To", { exact: true }).fill(to);
  if (datesInCaption) await page.waitForFunction((to) => document.querySelector("table caption")?.textContent?.includes(to), to);
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
}
