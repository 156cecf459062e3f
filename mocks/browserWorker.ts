// The fake backend in the browser (npm run dev): MSW's service worker answers every /api call from
// a seeded in-memory database, so the product runs with no server. What staff change is kept in
// the tab's sessionStorage, so a reload keeps the session and its saves (and a new tab starts
// afresh). Started by browser.ts, which decides what the browser allows first.
import { setupWorker } from "msw/browser";
import { createMockDb } from "./db/createMockDb";
import { createHandlers } from "./handlers";
import { trackChanges, type Snapshot } from "./persistence";
import { startDemoFloor } from "./board/demoFloor";

const STORAGE_KEY = "recall-desk:mock-backend";

function readSaved(storage: Storage): Snapshot | undefined {
  try {
    const text = storage.getItem(STORAGE_KEY);
    return text ? (JSON.parse(text) as Snapshot) : undefined;
  } catch {
    return undefined;
  }
}

export interface WorkerOptions {
  /** The demo world's other agents work while the app runs (mocks/board/demoFloor.ts). */
  demoFloor: boolean;
}

/** `storage` null: the browser refuses site data, and nothing outlives the page. */
export async function startWorker(storage: Storage | null, { demoFloor }: WorkerOptions) {
  const db = createMockDb({ now: () => new Date() });
  if (storage) {
    const changes = trackChanges(db);
    const saved = readSaved(storage);
    if (saved) changes.restore(saved);
    // Saved before the answer leaves, so a navigation right after a sign-in or a save loses nothing.
    db.afterWrite = () => storage.setItem(STORAGE_KEY, JSON.stringify(changes.snapshot()));
  }
  const worker = setupWorker(...createHandlers(db));
  await worker.start({
    // Vite serves the app's own files; a call to /api that no handler answers is a bug to shout about.
    onUnhandledFrame({ frame, defaults }) {
      const { request } = frame.data as { request?: Request };
      if (request && new URL(request.url).pathname.startsWith("/api/")) defaults.error();
    },
    quiet: true,
  });
  if (demoFloor) startDemoFloor(db, { baseUrl: `${location.origin}/api` });
  return worker;
}
