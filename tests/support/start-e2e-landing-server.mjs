// Starts the built server for the landing-page variant: a fresh embedded database prepared by
// prepare-landing-database.ts (demo seed + enablePluginHomePage + gallery images), then the server,
// and beside it the contact map's tile fake: one for every worker (a fixed port cannot be opened by
// each worker's own fake), answering any tile with a 1×1 PNG as a tile server answers.
import { spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";

const buildDir = process.env.BUILD_DIR ?? "build";
const dataDir = path.resolve(`.cache/e2e-data-${process.env.PORT ?? "4100"}`);
rmSync(dataDir, { recursive: true, force: true });
const tilePort = Number(process.env.PORT ?? "4100") + 17;
// The smallest valid PNG (1×1, transparent), as tests/support/tiny-png.ts makes it.
const tile = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const tiles = createServer((request, response) => {
  const isTile = /^\/\d+\/\d+\/\d+\.png$/.test(request.url ?? "");
  response.writeHead(isTile ? 200 : 404, {
    "Content-Type": "image/png",
    "Cache-Control": "no-store",
    // Tiles are images from another origin: the shop's page may show them.
    "Access-Control-Allow-Origin": "*",
  });
  response.end(isTile ? tile : undefined);
});
tiles.listen(tilePort, "127.0.0.1");
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: "",
  NODE_ENV: "production",
  // The same value as demoAdminPassword in tests/e2e/servers.ts: backend-admin.spec.ts changes
  // the shop's name here, where no other spec reads it.
  DEMO_ADMIN_PASSWORD: "e2e-backstube-admin",
  // The contact map's tiles come from the fake below (storefront-pages.spec.ts watches them).
  MAP_TILE_URL: `http://127.0.0.1:${tilePort}/{z}/{x}/{y}.png`,
};
const prepared = spawnSync(
  process.execPath,
  ["--import", "tsx", "tests/support/prepare-landing-database.ts"],
  { stdio: "inherit", env },
);
if (prepared.status !== 0) process.exit(prepared.status ?? 1);
const server = spawn(process.execPath, [`${buildDir}/server/server.js`], { stdio: "inherit", env });
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => {
  tiles.close();
  process.exit(code ?? 0);
});
