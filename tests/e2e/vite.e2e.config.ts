/**
 * The project's Vite config, for browser tests: the same app, but no file watcher, so an edit
 * made while tests run (other work in the same tree) cannot reload the page under test.
 *
 * E2E_FAKE_HOST=1 (the `fake-host` target, with VITE_API_MODE=server so the app starts no service
 * worker): the dev server itself answers /api with the fake backend's handlers over one store, so
 * every browser shares it, as agents share a server. Vite loads the handlers (they import the
 * contract as `?raw`, which only Vite resolves).
 */
import type { Plugin, UserConfig } from "vite";
import projectConfig from "../../vite.config.ts";

const base: UserConfig = projectConfig;

function sharedFakeBackend(): Plugin {
  return {
    name: "recall-desk:shared-fake-backend",
    apply: "serve",
    async configureServer(server) {
      const { createMockDb } = await server.ssrLoadModule("/mocks/db/createMockDb.ts");
      const { mockRequestListener } = await server.ssrLoadModule("/mocks/host.ts");
      // The walks run at any hour on the real clock: outside 8 a.m. to 9 p.m. in the members' zones
      // Next would rightly serve nobody (as on the server target). Calling hours are proven by the
      // window's own tests (domain/queue/zonedTime.test.ts) and the server's.
      const allDay = { opensAt: 0, closesAt: 24 * 60 };
      const listener = mockRequestListener(createMockDb({ now: () => new Date(), callingWindow: allDay }), () => "http://127.0.0.1");
      server.middlewares.use((request, response, next) => (request.url?.startsWith("/api/") ? void listener(request, response) : next()));
    },
  };
}

const sharedBackend = process.env.E2E_FAKE_HOST === "1";

export default {
  ...base,
  // The demo floor's agents would work the members the tests work: browser tests run without them.
  define: { ...base.define, "import.meta.env.VITE_DEMO_FLOOR": JSON.stringify("off") },
  // npm test runs the mock and the fake-host walks side by side, and their configs differ: sharing
  // one dependency cache, each server rebundled the other's dependencies under a page it was
  // loading, which then failed with 504 (Outdated Optimize Dep).
  cacheDir: `node_modules/.vite/e2e-${sharedBackend ? "fake-host" : "mock"}`,
  plugins: [...(base.plugins ?? []), ...(sharedBackend ? [sharedFakeBackend()] : [])],
  server: { ...base.server, watch: null, ...(sharedBackend ? { proxy: undefined } : {}) },
} satisfies UserConfig;
