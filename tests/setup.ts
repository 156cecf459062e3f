// Vitest setup for every screen test (the jsdom project): DOM matchers, a clean DOM and storage after each
// test, and the media queries jsdom lacks (its window is a wide desktop one: no query matches, and
// none changes).
import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

// The screen files share one document (the screens project runs unisolated): each test leaves it
// as a fresh page finds it, at the site's root with no query (the members list's filters are kept
// in the URL), with no cookie (its saved filters and page size) and no stored item.
afterEach(() => {
  cleanup();
  window.history.replaceState(null, "", "/");
  for (const cookie of document.cookie.split(";")) {
    const name = cookie.split("=")[0]!.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
  for (const storage of ["localStorage", "sessionStorage"] as const) {
    try {
      window[storage].clear();
    } catch {
      // A test of a browser that refuses storage: its spy is given back after this hook.
    }
  }
});

if (typeof window !== "undefined" && !window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList =>
    Object.assign(new EventTarget(), { media: query, matches: false, onchange: null, addListener: () => {}, removeListener: () => {} });
}
