// The dashboard: the open-issues check, the App Status Tracker, the Help and File modals.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { ADMIN, signInAs, waitForPath } from "./accounts.ts";
import { e2e, expectVisible, photograph } from "./harness.ts";
import { axeViolations, snapshot } from "./visit.ts";

/** §9 D MMMM YYYY HH:mm, e.g. 5 March 2026 14:07. */
const TRACKER_DATE = /^\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4} \d{2}:\d{2}$/;

/** Calls the fake backend as the signed-in user (to change what the dashboard will read). */
function callApi(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const { accessToken } = JSON.parse(localStorage.getItem("recall-desk:auth") ?? "{}") as { accessToken: string };
      const answer = await fetch(`/api${path}`, {
        method,
        headers: { Authorization: `Bearer ${accessToken}`, "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return answer.json() as Promise<unknown>;
    },
    { method, path, body },
  );
}

/**
 * Chromium's PDF viewer in the frame never lets the network go idle, so visit.ts's snapshot would
 * wait forever: the same photograph and axe check, without the idle wait (the viewer itself is the
 * browser's, not ours, and axe cannot enter it).
 */
async function snapshotWithPdf(page: Page, name: string) {
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
  await page.waitForTimeout(1_000);
  await photograph(page, name);
  const violations = await axeViolations(page, ["iframe"]);
  const failing = violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id);
  assert.deepEqual(failing, [], `serious or critical axe violations on ${name}`);
}

async function openDashboard(page: Page) {
  await signInAs(page, ADMIN);
  await waitForPath(page, "/dashboard");
  await expectVisible(page.getByRole("heading", { level: 1, name: "Dashboard" }));
}

e2e("the downtime icon appears after the open-issues check and opens the App Status Tracker", async ({ page }) => {
  await openDashboard(page);
  const downtime = page.getByRole("button", { name: "Downtime: open issues" });
  await expectVisible(downtime, 5_000);
  await snapshot(page, "dashboard");

  await downtime.click();
  const tracker = page.getByRole("dialog", { name: "App Status Tracker" });
  await expectVisible(tracker);
  const headers = await tracker.getByRole("columnheader").allTextContents();
  assert.deepEqual(headers, ["Application", "Down Time Start", "What Is Down", "What to do in mean time"]);
  const rows = tracker.getByRole("row");
  assert.ok((await rows.count()) > 1, "at least one open issue");
  const cells = await rows.nth(1).getByRole("cell").allTextContents();
  assert.equal(cells[0], "Members");
  assert.match(cells[1] ?? "", TRACKER_DATE);
  await snapshot(page, "dashboard-status-tracker");

  await tracker.getByRole("button", { name: "Close" }).click();
  await tracker.waitFor({ state: "detached" });
});

e2e("the Help modal lists the dashboard's help; Watch Video and View PDF open only their kind", async ({ page }) => {
  await openDashboard(page);
  await page.getByRole("button", { name: "Help", exact: true }).click();
  const help = page.getByRole("dialog", { name: "Help" });
  const glance = help.getByRole("article", { name: "Dashboard at a glance" });
  await expectVisible(glance);
  await expectVisible(help.getByRole("article", { name: "App status tracker" }));
  await snapshot(page, "dashboard-help");

  await glance.getByRole("button", { name: "Watch Video" }).click();
  const video = page.getByRole("dialog", { name: "Watch Video: Dashboard at a glance" });
  await expectVisible(video.locator("video"));
  assert.match((await video.locator("video").getAttribute("src")) ?? "", /\.mp4$/);
  assert.equal(await video.locator("iframe").count(), 0, "no PDF among the videos");
  await expectVisible(video.getByRole("button", { name: "Open in full screen" }));
  await snapshot(page, "dashboard-file-video");
  await video.getByRole("button", { name: "Close" }).click();

  // The status tracker item has a PDF only.
  await help.getByRole("article", { name: "App status tracker" }).getByRole("button", { name: "Watch Video" }).click();
  const missing = page.getByRole("dialog", { name: "Watch Video: App status tracker" });
  await expectVisible(missing.getByText("No file found."));
  await snapshot(page, "dashboard-file-missing");
  await missing.getByRole("button", { name: "Close" }).click();

  // Last: once Chromium's PDF viewer has run, the network never goes idle again (snapshotWithPdf).
  await help.getByRole("article", { name: "Dashboard at a glance" }).getByRole("button", { name: "View PDF" }).click();
  const pdf = page.getByRole("dialog", { name: "View PDF: Dashboard at a glance" });
  const frame = pdf.locator("iframe");
  await expectVisible(frame);
  assert.match((await frame.getAttribute("src")) ?? "", /\.pdf$/);
  assert.equal(await frame.evaluate((element) => element.getBoundingClientRect().height), 500);
  assert.equal(await pdf.locator("video").count(), 0, "no video among the PDFs");
  await expectVisible(pdf.getByRole("button", { name: "Open in full screen" }));
  await snapshotWithPdf(page, "dashboard-file-pdf");
});

e2e("the Help modal says 'No record found' when the dashboard has no help", async ({ page }) => {
  await openDashboard(page);
  const items = (await callApi(page, "GET", `/helpMark/${encodeURIComponent(JSON.stringify({ pageId: "dashboard" }))}`)) as {
    id: number;
    heading: string;
    description: string;
    fileLinks: string;
    type: string;
  }[];
  assert.ok(items.length > 0);
  for (const { id, heading, description, fileLinks, type } of items) {
    await callApi(page, "PUT", "/helpMark/help", { id, heading, description, fileLinks, type, parentPageId: "", pageId: "archive" });
  }
  await page.getByRole("button", { name: "Help", exact: true }).click();
  const help = page.getByRole("dialog", { name: "Help" });
  await expectVisible(help.getByText("No record found"));
  await snapshot(page, "dashboard-help-empty");
});
