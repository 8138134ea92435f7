// Starts the built server for the landing-page variant: a fresh embedded database prepared by
// prepare-landing-database.ts (demo seed + enablePluginHomePage + gallery images), then the server.
import { spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";

const buildDir = process.env.BUILD_DIR ?? "build";
const dataDir = path.resolve(`.cache/e2e-data-${process.env.PORT ?? "4100"}`);
rmSync(dataDir, { recursive: true, force: true });
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: "",
  NODE_ENV: "production",
  // The same value as demoAdminPassword in tests/e2e/servers.ts: backend-admin.spec.ts changes
  // the shop's name here, where no other spec reads it.
  DEMO_ADMIN_PASSWORD: "e2e-backstube-admin",
};
const prepared = spawnSync(
  process.execPath,
  ["--import", "tsx", "tests/support/prepare-landing-database.ts"],
  { stdio: "inherit", env },
);
if (prepared.status !== 0) process.exit(prepared.status ?? 1);
const server = spawn(process.execPath, [`${buildDir}/server/server.js`], { stdio: "inherit", env });
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
