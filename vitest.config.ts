import { BaseSequencer, type TestSpecification } from "vitest/node";
import { defineConfig } from "vitest/config";

/**
 * Files known to take minutes, started first: on a clean clone (CI) Vitest has no timings yet and
 * starts the largest files first, so a ten-minute walk could begin last and run alone on one
 * worker while the other waits. Later runs add Vitest's own timings; these stay in front.
 */
const LONG_FIRST = [
  "tests/integration/hostile-input.test.ts",
  "tests/faults/outages-and-workers.test.ts",
  "tests/integration/hostile-values.test.ts",
  "tests/integration/printing-fault.test.ts",
  "tests/integration/backend-authorisation.test.ts",
  "tests/integration/server-lifecycle.test.ts",
  // Builds the previous release on a clean clone (decision 114): about 2 1/2 minutes there.
  "tests/integration/side-by-side-upgrade.test.ts",
];

class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = LONG_FIRST.findIndex((name) => file.moduleId.endsWith(name));
      return index === -1 ? LONG_FIRST.length : index;
    };
    return sorted
      .map((file, position) => ({ file, position }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.position - b.position)
      .map(({ file }) => file);
  }
}

export default defineConfig({
  test: {
    // tests/faults runs only with TEST_DATABASE_URL (it skips itself otherwise).
    include: ["app/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/faults/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/support/global-setup.ts"],
    // zod's German messages (decision 091), as the builds' alias and the server's entry install
    // them, for tests that parse schemas without either.
    setupFiles: ["app/zod-in-german.ts"],
    testTimeout: 30_000,
    // Staff passwords are hashed at the cheapest cost the configuration allows (2^10 instead of
    // production's 2^15, 32 times less work): the tests sign in and create accounts thousands
    // of times, and the cost is a setting, not a behaviour under test (password.server.test.ts
    // checks the default). Servers the tests start as processes inherit it.
    env: { PASSWORD_HASH_COST: process.env.PASSWORD_HASH_COST ?? "10" },
    // Most files wait on databases, servers and timers, not the CPU: two at a time, even on two
    // cores (Vitest's default there is one, which made the suite 23 minutes long in CI).
    maxWorkers: 2,
    // Each worker keeps its modules from one file to the next instead of loading the app afresh
    // for every file: the suite took 1,000-1,700 s with isolation, of which the module loading
    // alone was some 730 s, and 400 s without. The price is discipline: a test restores what it
    // changes in shared state (process.env through vi.stubEnv, fake timers, the resource registry).
    isolate: false,
    hookTimeout: 120_000,
    sequence: { sequencer: LongFirstSequencer },
  },
});
