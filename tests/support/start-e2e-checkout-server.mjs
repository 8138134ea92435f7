// Starts the checkout's end-to-end world: the fake payment providers, the SMTP sink and the fake
// SMS provider (one process, fixed ports beside the server's), a fresh embedded database with the
// test branches of prepare-checkout-database.ts, then the built server pointed at the fakes.
import { spawn, spawnSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";

const port = Number(process.env.PORT ?? 5100);
const buildDir = process.env.BUILD_DIR ?? "build";
const dataDir = path.resolve(`.cache/e2e-data-${port}`);
const envFile = path.resolve(`.cache/e2e-fakes-${port}.env`);
rmSync(dataDir, { recursive: true, force: true });
rmSync(envFile, { force: true });

const fakes = spawn(
  process.execPath,
  ["--import", "tsx", "tests/support/fake-payments-server.ts"],
  {
    stdio: ["ignore", "pipe", "inherit"],
    env: {
      ...process.env,
      FAKE_STRIPE_PORT: String(port + 10),
      FAKE_PAYPAL_PORT: String(port + 11),
      FAKE_SMTP_PORT: String(port + 12),
      FAKE_MAILBOX_PORT: String(port + 13),
      FAKE_SMS_PORT: String(port + 14),
      FAKE_PAYMENTS_ENV_FILE: envFile,
      // The fakes send their refund webhooks to the app, as the providers would.
      FAKE_WEBHOOK_ORIGIN: `http://127.0.0.1:${port}`,
    },
  },
);
await new Promise((resolve, reject) => {
  let output = "";
  fakes.stdout.on("data", (chunk) => {
    output += chunk;
    if (output.includes("Attrappen bereit.")) resolve(undefined);
  });
  fakes.on("exit", (code) => reject(new Error(`Attrappen beendet (${code}).`)));
});
const fakeEnv = Object.fromEntries(
  readFileSync(envFile, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
);

const env = {
  ...process.env,
  ...fakeEnv,
  DATA_DIR: dataDir,
  DATABASE_URL: "",
  NODE_ENV: "production",
  PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
  // The same value as demoAdminPassword in tests/e2e/servers.ts.
  DEMO_ADMIN_PASSWORD: "e2e-backstube-admin",
  // The social-media pixel's script: nothing listens there; analytics.spec.ts answers it in the
  // browser with a fake (no download from Meta in tests, decision 054).
  PIXEL_SCRIPT_URL: `http://127.0.0.1:${port + 15}/fbevents.js`,
  // backend-webhooks.spec.ts points a webhook at a receiver on 127.0.0.1 (decision 094).
  WEBHOOK_PRIVATE_ADDRESSES: "1",
};
const prepared = spawnSync(
  process.execPath,
  ["--import", "tsx", "tests/support/prepare-checkout-database.ts"],
  { stdio: "inherit", env },
);
if (prepared.status !== 0) {
  fakes.kill();
  process.exit(prepared.status ?? 1);
}
const server = spawn(process.execPath, [`${buildDir}/server/server.js`], { stdio: "inherit", env });
const stop = (signal) => {
  server.kill(signal);
  fakes.kill(signal);
};
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => stop(signal));
server.on("exit", (code) => {
  fakes.kill();
  process.exit(code ?? 0);
});
