// The conformance suite: tests/contract against one backend (CONTRACT_TARGET, default mock).
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    environment: "node",
    include: ["tests/contract/**/*.contract.test.ts"],
    globalSetup: ["tests/contract/coverage.ts"],
    testTimeout: 20_000,
  },
});
