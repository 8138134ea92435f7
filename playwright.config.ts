import { defineConfig, devices } from "@playwright/test";

import { analyticsPort, checkoutPort, landingPort, port } from "./tests/e2e/servers";

const baseURL = `http://127.0.0.1:${port}`;

/** Debian's Chromium by default: nothing may download a browser on these machines. */
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

// The cheapest password hash the configuration allows (vitest.config.ts says why): the
// end-to-end servers and the specs that create staff accounts inherit it.
process.env.PASSWORD_HASH_COST ??= "10";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // A test's limit, not a measure of speed: on a busy two-core CI machine the longer flows (a TV
  // paired and playing, axe over a branch page) took just over the default 30 s (stop 34).
  timeout: 60_000,
  workers: process.env.CI ? 2 : undefined,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    locale: "de-DE",
    timezoneId: "Europe/Berlin",
    trace: "retain-on-failure",
    launchOptions,
  },
  projects: [
    { name: "js", use: { ...devices["Desktop Chrome"], launchOptions, javaScriptEnabled: true } },
    {
      name: "nojs",
      use: { ...devices["Desktop Chrome"], launchOptions, javaScriptEnabled: false },
    },
  ],
  webServer: [
    {
      // The production build on a fresh embedded database, as a new customer would meet it.
      command: "node tests/support/start-e2e-server.mjs",
      url: `${baseURL}/healthz`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: { PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
      stdout: "pipe",
      stderr: "pipe",
    },
    {
      // The checkout's world: test branches, fake Stripe and PayPal, an SMTP sink.
      command: "node tests/support/start-e2e-checkout-server.mjs",
      url: `http://127.0.0.1:${checkoutPort}/healthz`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: { PORT: String(checkoutPort), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
      stdout: "pipe",
      stderr: "pipe",
    },
    {
      // The checkout's world again, for the analytics spec alone: its pixel setting would turn
      // every other spec's "Akzeptieren" into a reload.
      command: "node tests/support/start-e2e-checkout-server.mjs",
      url: `http://127.0.0.1:${analyticsPort}/healthz`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: { PORT: String(analyticsPort), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
      stdout: "pipe",
      stderr: "pipe",
    },
    {
      // The same build with the home-page plugin on: the landing page's tests.
      command: "node tests/support/start-e2e-landing-server.mjs",
      url: `http://127.0.0.1:${landingPort}/healthz`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: { PORT: String(landingPort), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
      stdout: "pipe",
      stderr: "pipe",
    },
  ],
});
