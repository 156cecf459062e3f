// The fuzz suite (tests/fuzz): generated and mutated requests over every operation, against the
// server on PGlite and, with DATABASE_URL_TEST, on PostgreSQL 15.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    environment: "node",
    include: ["tests/fuzz/**/*.fuzz.test.ts"],
    testTimeout: 300_000,
    hookTimeout: 180_000,
  },
});
