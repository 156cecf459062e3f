// The conformance suite: tests/contract against one backend (CONTRACT_TARGET, default mock).
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    environment: "node",
    include: ["tests/contract/**/*.contract.test.ts"],
    globalSetup: ["tests/contract/coverage.ts"],
    testTimeout: 20_000,
    // On PostgreSQL each test file's database is dropped when it ends, and DROP DATABASE waits for a
    // checkpoint: on a busy machine that outlasts 10 s for a hook.
    hookTimeout: 60_000,
    // MSW's sse() needs a global EventSource, which Node 24 has behind this flag
    // (docs/conventions.md, Traps of the toolchain).
    execArgv: ["--experimental-eventsource"],
  },
});
