import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { configDefaults, defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

const require = createRequire(import.meta.url);

/**
 * Serves MSW's worker script in development straight from the installed package, so the file is
 * never committed, never stale after an upgrade, and never copied into a production build.
 */
function mockServiceWorker(): Plugin {
  const file = require.resolve("msw/mockServiceWorker.js");
  return {
    name: "recall-desk:mock-service-worker",
    apply: "serve",
    configureServer(server) {
      server.middlewares.use("/mockServiceWorker.js", (_req, res) => {
        res.setHeader("Content-Type", "text/javascript");
        res.end(readFileSync(file));
      });
    },
  };
}

/**
 * The demo's help files at the path the server serves them from (/api/files/help/<name>), so the
 * help items of the fake backend's demo world open their videos and PDFs in development too. With
 * VITE_API_MODE=server the proxy takes /api to the server instead.
 */
function demoHelpFiles(): Plugin {
  const dir = fileURLToPath(new URL("./demo/files/help/", import.meta.url));
  const types: Record<string, string> = { mp4: "video/mp4", pdf: "application/pdf" };
  return {
    name: "recall-desk:demo-help-files",
    apply: "serve",
    configureServer(server) {
      if (process.env.VITE_API_MODE === "server") return;
      server.middlewares.use("/api/files/help/", (req, res, next) => {
        const name = /^\/([A-Za-z0-9][A-Za-z0-9._-]*\.(mp4|pdf))$/.exec(req.url ?? "");
        if (!name || !existsSync(dir + name[1])) return next();
        res.setHeader("Content-Type", types[name[2]!]!);
        res.end(readFileSync(dir + name[1]));
      });
    },
  };
}

/**
 * Writes dist/bundle-modules.json: for every emitted chunk, whether it loads at start-up and which
 * source modules it holds. scripts/check-bundle.ts reads it to prove what production ships.
 */
function bundleManifest(): Plugin {
  return {
    name: "recall-desk:bundle-modules",
    apply: "build",
    writeBundle(options, bundle) {
      const chunks = Object.values(bundle).flatMap((item) =>
        item.type === "chunk"
          ? [{ fileName: item.fileName, isEntry: item.isEntry, imports: item.imports, modules: item.moduleIds }]
          : [],
      );
      writeFileSync(`${options.dir}/bundle-modules.json`, JSON.stringify(chunks, null, 2));
    },
  };
}

/** Server test files that mock a module or fake the clock of the whole process. */
const PROCESS_WIDE_SERVER_TESTS = [
  "server/auth/signIn.test.ts",
  "server/events/stream.test.ts",
  "server/feeds/feedFiles.test.ts",
  "server/http/security.test.ts",
  "server/queue/nobodyCounts.test.ts",
];

export default defineConfig({
  plugins: [react(), mockServiceWorker(), demoHelpFiles(), bundleManifest()],
  server: {
    port: 5173,
    // VITE_API_MODE=server: the browser talks to a real server instead of the fake backend.
    proxy:
      process.env.VITE_API_MODE === "server"
        ? { "/api": { target: process.env.API_PROXY_TARGET ?? "http://127.0.0.1:8080", changeOrigin: false } }
        : undefined,
  },
  build: { sourcemap: true },
  test: {
    restoreMocks: true,
    // npm test runs two stages at once on two cores: a screen test that takes 1 s alone takes 6 then.
    testTimeout: 20_000,
    // A server test's database on PostgreSQL is a database of its own, and DROP DATABASE waits for a
    // checkpoint: on a busy machine that outlasts 10 s for the hook that closes the test's app.
    hookTimeout: 60_000,
    // MSW's sse() needs a global EventSource, which Node 24 has behind this flag
    // (docs/conventions.md, Traps of the toolchain).
    execArgv: ["--experimental-eventsource"],
    // A DOM only where something renders: building jsdom for each of the server's and the rules'
    // files cost about two minutes a run. The DOM matchers and the DOM's cleanup (tests/setup.ts,
    // which loads React's testing library) only there too: loading them was about a third of each
    // node file's time.
    projects: [
      // The screens and the machines share one process and its loaded modules too (isolated, they
      // took ~4.5 times the processor time): each test gets a fresh fake backend, a clean DOM and
      // no cookie or stored item (tests/fakeBackend.ts, tests/setup.ts), and restoreMocks gives back
      // every spy.
      {
        extends: true,
        test: { name: "screens", environment: "jsdom", isolate: false, setupFiles: ["tests/setup.ts"], include: ["src/**/*.test.{ts,tsx}"] },
      },
      // The server's files share one process and its loaded modules too: each builds its own app on
      // a database of its own and closes both, and every fake clock and spy is given back
      // (docs/conventions.md, Tests). The files that change what the whole process shares (a mocked
      // module, a fake clock a failing test could leave behind) keep a fresh process each.
      {
        extends: true,
        test: {
          name: "node",
          environment: "node",
          isolate: false,
          include: ["server/**/*.test.ts", "tests/agreement/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...PROCESS_WIDE_SERVER_TESTS],
        },
      },
      {
        extends: true,
        test: { name: "node-isolated", environment: "node", include: PROCESS_WIDE_SERVER_TESTS },
      },
      // The rules, the demo world, the fake backend and the scripts: plain functions and objects
      // that set no process-wide state (no module mocks, no environment, every fake clock given
      // back), so their files share one process and its loaded modules instead of a fresh process
      // each (isolated, they took ~3 times the processor time).
      {
        extends: true,
        test: {
          name: "rules",
          environment: "node",
          isolate: false,
          include: ["domain/**/*.test.ts", "demo/**/*.test.ts", "mocks/**/*.test.ts", "scripts/**/*.test.ts"],
        },
      },
    ],
  },
});
