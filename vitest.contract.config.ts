// The conformance suite: tests/contract against one backend (CONTRACT_TARGET, default mock).
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    environment: "node",
    include: ["tests/contract/**/*.contract.test.ts"],
    globalSetup: ["tests/contract/coverage.ts"],
    // Against the fake backend the test files share one process and its loaded modules (isolated,
    // each file loaded the fake backend again); each file still gets a host and data of its own
    // (tests/contract/target.ts), and no file changes process-wide state. The server targets stay
    // isolated: there each file's server starts while the file loads, which has no time limit;
    // shared, the later files' servers started in a hook, which outlasted 60 s on PGlite at load 18.
    isolate: (process.env.CONTRACT_TARGET ?? "mock") !== "server",
    testTimeout: 20_000,
    // On PostgreSQL each test file's database is dropped when it ends, and DROP DATABASE waits for a
    // checkpoint: on a busy machine that outlasts 10 s for a hook.
    hookTimeout: 60_000,
    // MSW's sse() needs a global EventSource, which Node 24 has behind this flag
    // (docs/conventions.md, Traps of the toolchain).
    execArgv: ["--experimental-eventsource"],
  },
});
