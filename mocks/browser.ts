// Starts the fake backend in the browser (src/main.tsx, in development), also where the browser
// refuses site data: with cookies blocked in its settings, reading `localStorage` or
// `sessionStorage` throws a SecurityError and registering a service worker is refused ("The user
// denied permission to use Service Worker" in Chromium). The app must still start then (§2: the
// cookies-disabled modal), so this module imports nothing of MSW until it knows which case it is
// (docs/conventions.md, Traps of the toolchain: MSW 3).

import type { WorkerOptions } from "./browserWorker";

/** The tab's session storage, or null where the browser refuses it. */
function tabStorage(): Storage | null {
  try {
    return sessionStorage;
  } catch {
    return null;
  }
}

/** A storage that forgets everything, for a library that insists on one being there. */
function forgetfulStorage(): Storage {
  return {
    length: 0,
    clear: () => {},
    getItem: () => null,
    key: () => null,
    removeItem: () => {},
    setItem: () => {},
  };
}

/**
 * MSW's cookie store asserts that `localStorage` exists when its module loads (and throws
 * otherwise); it writes to it again only for a mocked answer that sets a cookie, which the fake
 * backend never sends. So it gets a forgetful stand-in while it loads, and the page gets the
 * browser's own `localStorage` back right after: the app's handling of refused storage is the same
 * here as on the real server.
 */
async function withStandInLocalStorage<T>(load: () => Promise<T>): Promise<T> {
  const own = Object.getOwnPropertyDescriptor(window, "localStorage");
  Object.defineProperty(window, "localStorage", { configurable: true, value: forgetfulStorage() });
  try {
    return await load();
  } finally {
    if (own) Object.defineProperty(window, "localStorage", own);
  }
}

export async function startMockWorker(options: WorkerOptions) {
  const storage = tabStorage();
  if (storage) {
    const { startWorker } = await import("./browserWorker");
    return startWorker(storage, options);
  }
  // The same setting refuses service workers: without them MSW answers from inside the page (its
  // fallback mode, which it takes when the browser has no service worker API at all).
  delete (Navigator.prototype as { serviceWorker?: unknown }).serviceWorker;
  const { startWorker } = await withStandInLocalStorage(() => import("./browserWorker"));
  return startWorker(null, options);
}
