import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // tests/faults runs only with TEST_DATABASE_URL (it skips itself otherwise).
    include: ["app/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/faults/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/support/global-setup.ts"],
    testTimeout: 30_000,
    // Most files wait on databases, servers and timers, not the CPU: two at a time, even on two
    // cores (Vitest's default there is one, which made the suite 23 minutes long in CI).
    maxWorkers: 2,
    hookTimeout: 120_000,
  },
});
