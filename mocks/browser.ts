// The fake backend in the browser (npm run dev): MSW's service worker answers every /api call from
// a seeded in-memory database, so the product runs with no server.
import { setupWorker } from "msw/browser";
import { createMockDb } from "./db/createMockDb";
import { createHandlers } from "./handlers";

export async function startMockWorker() {
  const worker = setupWorker(...createHandlers(createMockDb()));
  await worker.start({
    // Vite serves the app's own files; a call to /api that no handler answers is a bug to shout about.
    onUnhandledFrame({ frame, defaults }) {
      const { request } = frame.data as { request?: Request };
      if (request && new URL(request.url).pathname.startsWith("/api/")) defaults.error();
    },
    quiet: true,
  });
  return worker;
}
