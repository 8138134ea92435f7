import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
/** The landing-page variant runs in its own server and database (docs/decisions/006). */
const landingPort = Number(process.env.E2E_LANDING_PORT ?? port + 1000);

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

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
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
      env: { PORT: String(port), HOST: "127.0.0.1" },
      stdout: "pipe",
      stderr: "pipe",
    },
    {
      // The same build with the home-page plugin on: the landing page's tests.
      command: "node tests/support/start-e2e-landing-server.mjs",
      url: `http://127.0.0.1:${landingPort}/healthz`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: { PORT: String(landingPort), HOST: "127.0.0.1" },
      stdout: "pipe",
      stderr: "pipe",
    },
  ],
});
