/**
 * When a page's network has settled. Playwright's "networkidle" waits for every request, and so
 * forever on the members list, whose live event stream stays open: the stream is left out here.
 */
import type { Page, Request } from "playwright-core";

const inFlight = new WeakMap<Page, Set<Request>>();
/** The members list's live event stream never ends: it is not traffic the page waits for. */
const isEventStream = (request: Request) => new URL(request.url()).pathname.endsWith("/api/events");

/** Counts the page's requests in flight from now on (the harness calls it when it opens a page). */
export function trackNetwork(page: Page): void {
  if (inFlight.has(page)) return;
  const open = new Set<Request>();
  inFlight.set(page, open);
  page.on("request", (request) => void (isEventStream(request) || open.add(request)));
  page.on("requestfinished", (request) => void open.delete(request));
  page.on("requestfailed", (request) => void open.delete(request));
}

const QUIET_MS = 500;
const SETTLE_TIMEOUT_MS = 30_000;

/** No request in flight for 500 ms but the event stream. */
export async function networkQuiet(page: Page): Promise<void> {
  if (!inFlight.has(page)) {
    await page.waitForLoadState("load");
    trackNetwork(page);
  }
  const open = inFlight.get(page)!;
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  let quietSince = Date.now();
  while (Date.now() - quietSince < QUIET_MS) {
    if (Date.now() > deadline) throw new Error(`the network did not settle: ${[...open].map((request) => request.url()).join(", ")}`);
    if (open.size > 0) quietSince = Date.now();
    await new Promise((done) => setTimeout(done, 50));
  }
}
