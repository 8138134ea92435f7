// Starts the built server on a fresh embedded database folder for the end-to-end tests.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";

const buildDir = process.env.BUILD_DIR ?? "build";
const dataDir = path.resolve(`.cache/e2e-data-${process.env.PORT ?? "3100"}`);
rmSync(dataDir, { recursive: true, force: true });
const server = spawn(process.execPath, [`${buildDir}/server/server.js`], {
  stdio: "inherit",
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    NODE_ENV: "production",
    // The same value as demoAdminPassword in tests/e2e/servers.ts.
    DEMO_ADMIN_PASSWORD: "e2e-backstube-admin",
    // devices.spec.ts points a receipt printer at a fake printer on 127.0.0.1 (decision 056).
    PRINTER_ALLOW_LOOPBACK: "1",
  },
});
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
