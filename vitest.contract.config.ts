// The conformance suite: tests/contract against one backend (CONTRACT_TARGET, default mock).
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    environment: "node",
    include: ["tests/contract/**/*.contract.test.ts"],
    globalSetup: ["tests/contract/coverage.ts"],
    // The test files share one process and its loaded modules (isolated, each file loaded the fake
    // backend or the server, its schemas and the seeded template again); each file still gets a
    // backend and data of its own (tests/contract/target.ts), and no file changes process-wide
    // state. A file's server starts in its hook, which has a limit of its own (fixtures.ts).
    isolate: false,
    testTimeout: 20_000,
    // On PostgreSQL each test file's database is dropped when it ends, and DROP DATABASE waits for a
    // checkpoint: on a busy machine that outlasts 10 s for a hook.
    hookTimeout: 60_000,
    // MSW's sse() needs a global EventSource, which Node 24 has behind this flag
    // (docs/conventions.md, Traps of the toolchain).
    execArgv: ["--experimental-eventsource"],
  },
});
