import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { navigate } from "wouter/use-browser-location";
import { App } from "./app/App";
import { createServices } from "./app/services";
import "./app/app.css";

/**
 * In development the whole product runs against the fake backend in the browser (MSW), unless
 * VITE_API_MODE=server points it at the real server. The branch is dead code in a production build,
 * so msw and faker never reach the bundle (scripts/check-bundle.ts proves it). The demo world's
 * other agents work meanwhile, unless VITE_DEMO_FLOOR=off (browser tests).
 */
async function startMockBackend() {
  if (import.meta.env.DEV && import.meta.env.VITE_API_MODE !== "server") {
    const { startMockWorker } = await import("../mocks/browser");
    await startMockWorker({ demoFloor: import.meta.env.VITE_DEMO_FLOOR !== "off" });
  }
}

/**
 * The XState inspector for product owners and developers, in development only: `?inspect` opens
 * Stately's visual inspector (it needs the internet), `?inspect=ws` streams the machines' events to
 * the local inspector of `npm run inspector` on ws://localhost:8090 (works offline), a port of its
 * own beside the server's 8080.
 */
async function startInspector() {
  if (!import.meta.env.DEV) return undefined;
  const mode = new URLSearchParams(location.search).get("inspect") ?? import.meta.env.VITE_INSPECT;
  if (mode === null || mode === undefined) return undefined;
  const { createBrowserInspector, createWebSocketInspector } = await import("@statelyai/inspect");
  return mode === "ws" ? createWebSocketInspector({ url: "ws://localhost:8090" }).inspect : createBrowserInspector().inspect;
}

await startMockBackend();
const inspect = await startInspector();

const services = createServices({ baseUrl: `${location.origin}/api`, navigate: (to) => navigate(to), inspect });
services.start();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
createRoot(root).render(
  <StrictMode>
    <App services={services} />
  </StrictMode>,
);
