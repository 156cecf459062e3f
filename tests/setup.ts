// Vitest setup for every screen test (the jsdom project): DOM matchers, a clean DOM after each
// test, and the media queries jsdom lacks (its window is a wide desktop one: no query matches, and
// none changes).
import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

afterEach(() => cleanup());

if (typeof window !== "undefined" && !window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList =>
    Object.assign(new EventTarget(), { media: query, matches: false, onchange: null, addListener: () => {}, removeListener: () => {} });
}
