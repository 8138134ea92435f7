/**
 * The images' speed targets (issue 16, "Speed"; decision 038), over HTTP against the built
 * production server:
 * - a size variant made once and then served from cache: p50 < 2 ms at 50 connections
 *   (autocannon on `/image/product/{id}-1.jpg`, asking for WebP as browsers do);
 * - making all seven sizes of a 12-megapixel JPEG (asked for at once, as a page with a srcset and a
 *   gallery does): < 1.5 s, while a cheap request (`/healthz`) sent every 10 ms keeps answering
 *   fast (sharp works in libuv's thread pool, not on the event loop).
 * Also in process: checking and cleaning the 12 MP upload, and each size by itself.
 *
 *   npm run build && npm run bench:images
 *
 * The cached size is measured three ways at 50 connections: as fast as they can ask (closed loop:
 * p50 is then about connections ÷ throughput, Little's law, so it measures throughput), the same
 * bytes from a bare node:http server in its own process (the ceiling of Node and of autocannon,
 * which reads a picture's random bytes far slower than a body of one repeated value: the closed
 * loop is the load generator's limit, the same for both), and at BENCH_IMAGES_RATE requests per second spread evenly over the 50 connections (open loop, as
 * many browsers ask: the answer time itself; bench/paced-load.ts).
 * Switches: BENCH_IMAGES_PORT=3640, BENCH_IMAGES_SECONDS=5, BENCH_IMAGES_CONNECTIONS=50,
 * BENCH_IMAGES_RATE=1000,
 * BENCH_IMAGES_DATABASE_URL=postgres://…/empty_db (default: embedded PGlite in a temporary folder).
 */
import { staffCookie, startBenchServer } from "./harness";
import "./production-env";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { openDatabase } from "#app/db/connection.server";
import { migrateToLatest } from "#app/db/migrate.server";
import { setUserAccess } from "#app/db/queries/users";
import { IMAGE_SIZE_NAMES } from "#app/domain/image-sizes";
import { makeSize, normaliseUpload } from "#app/features/media/image-pipeline.server";
import { photoJpeg } from "#tests/support/test-images";
import { bareServer, pacedLoad } from "./paced-load";
import { stopServer, waitForHealth } from "./server";

const port = Number(process.env.BENCH_IMAGES_PORT ?? 3640);
const seconds = Number(process.env.BENCH_IMAGES_SECONDS ?? 5);
const connections = Number(process.env.BENCH_IMAGES_CONNECTIONS ?? 50);
const rate = Number(process.env.BENCH_IMAGES_RATE ?? 1000);
const databaseUrl = process.env.BENCH_IMAGES_DATABASE_URL;
const origin = `http://127.0.0.1:${port}`;
const sessionSecret = "bench-images-".padEnd(40, "x");
const WEBP = "image/avif;q=0,image/webp,image/apng,image/*,*/*;q=0.8";

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Number(sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!.toFixed(2));
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

// ——— The picture: 12 megapixels of photo-like noise, with EXIF location ———
const photo = await photoJpeg(4000, 3000, { noise: true, quality: 85, disc: { x: 2800, y: 1200 } });
console.log(`12-MP-JPEG: 4000 × 3000, ${(photo.byteLength / 1024 / 1024).toFixed(1)} MB`);

// ——— In process ———
let started = performance.now();
const checked = await normaliseUpload(photo);
if (!checked.ok) throw new Error(`Upload abgelehnt: ${checked.reason}`);
console.log(
  `Prüfen und ohne Metadaten neu schreiben (in-process): ${ms(performance.now() - started)}`,
);
const stored = { ...checked.facts, focalX: 0.7, focalY: 0.4 };
for (const size of IMAGE_SIZE_NAMES) {
  started = performance.now();
  await makeSize(checked.bytes, stored, size, "webp");
  console.log(`  ${size.padEnd(8)} WebP allein: ${ms(performance.now() - started)}`);
}

// ——— Over HTTP ———
const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-images-"));
const handle = await openDatabase(databaseUrl ? { databaseUrl, dataDir } : { dataDir });
await migrateToLatest(handle.db);
const email = `bench-images-${Date.now()}@example.org`;
const { id: adminId } = await handle.db
  .insertInto("users")
  .values({ email, name: "Bench", passwordHash: "-" })
  .returning("id")
  .executeTakeFirstOrThrow();
await setUserAccess(handle.db, adminId, { roles: ["ROLE_ADMIN"], branchIds: [] });
const cookie = await staffCookie(handle.db, adminId, { origin, sessionSecret });
await handle.close();

const server = await startBenchServer({
  port,

  origin,

  sessionSecret,

  databaseUrl,

  dataDir: dataDir,
});
try {
  await waitForHealth(origin, server);
  const upload = async () => {
    const form = new FormData();
    form.append("alt", "Ein Roggenbrot im Anschnitt");
    form.append("focalX", "0.7");
    form.append("focalY", "0.4");
    form.append("file", new File([photo], "roggen.jpg", { type: "image/jpeg" }));
    started = performance.now();
    const response = await fetch(`${origin}/api/images`, {
      method: "POST",
      body: form,
      headers: { Cookie: cookie, Origin: origin },
    });
    if (response.status !== 201)
      throw new Error(`Upload: ${response.status} ${await response.text()}`);
    const { data } = (await response.json()) as { data: { id: number } };
    return { id: data.id, took: performance.now() - started };
  };

  const first = await upload();
  console.log(`HTTP: Upload des 12-MP-JPEG (POST /api/images): ${ms(first.took)}`);

  // All seven sizes at once, while /healthz is asked every 10 ms.
  const makeAll = async (id: number, accept: string) => {
    const cheap: number[] = [];
    let making = true;
    const pinger = (async () => {
      while (making) {
        const at = performance.now();
        await (await fetch(`${origin}/healthz`)).text();
        cheap.push(performance.now() - at);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    const at = performance.now();
    await Promise.all(
      IMAGE_SIZE_NAMES.map(async (size) => {
        const response = await fetch(`${origin}/image/${size}/${id}-1.jpg`, {
          headers: { Accept: accept },
        });
        if (response.status !== 200) throw new Error(`${size}: ${response.status}`);
        await response.arrayBuffer();
      }),
    );
    const took = performance.now() - at;
    making = false;
    await pinger;
    return { took, cheap };
  };
  for (const [label, accept] of [
    ["WebP", WEBP],
    ["JPEG", "*/*"],
    ["AVIF", "image/avif,image/webp,*/*"],
  ] as const) {
    const { id } = label === "WebP" ? first : await upload();
    const { took, cheap } = await makeAll(id, accept);
    console.log(
      `HTTP: alle sieben Größen des 12-MP-JPEG als ${label} (gleichzeitig angefragt): ${ms(took)}` +
        ` (Ziel < 1500 ms); /healthz währenddessen: ${cheap.length} Antworten,` +
        ` p50 ${cheap.length ? percentile(cheap, 0.5) : "-"} ms, max ${cheap.length ? percentile(cheap, 1) : "-"} ms`,
    );
  }

  // A size made once, then from the cache.
  const path1 = `/image/product/${first.id}-1.jpg`;
  const one: number[] = [];
  for (let run = 0; run < 300; run += 1) {
    const at = performance.now();
    const response = await fetch(`${origin}${path1}`, { headers: { Accept: WEBP } });
    await response.arrayBuffer();
    if (run >= 50) one.push(performance.now() - at);
  }
  console.log(
    `HTTP: ${path1} aus dem Zwischenspeicher, eine Anfrage nach der anderen: ` +
      `p50 ${percentile(one, 0.5)} ms, p99 ${percentile(one, 0.99)} ms`,
  );
  const result = await autocannon({
    url: `${origin}${path1}`,
    connections,
    duration: seconds,
    headers: { Accept: WEBP },
  });
  console.log(
    `HTTP: ${path1} aus dem Zwischenspeicher, ${connections} Verbindungen, ${seconds} s: ` +
      `p50 ${result.latency.p50} ms, p90 ${result.latency.p90} ms, p99 ${result.latency.p99} ms ` +
      `(Ziel p50 < 2 ms), ${Math.round(result.requests.average)} Anfragen/s, ` +
      `${result.non2xx} Antworten ohne 2xx`,
  );
  const sent = new Uint8Array(
    await (await fetch(`${origin}${path1}`, { headers: { Accept: WEBP } })).arrayBuffer(),
  );
  const sizeBytes = sent.byteLength;
  const bare = await bareServer(sent, "image/webp");
  try {
    const floor = await autocannon({ url: bare.url, connections, duration: seconds });
    console.log(
      `Vergleich: dieselben Bytes (${sizeBytes}) aus einem nackten node:http-Server, ` +
        `${connections} Verbindungen, ${seconds} s: p50 ${floor.latency.p50} ms, ` +
        `p90 ${floor.latency.p90} ms, ${Math.round(floor.requests.average)} Anfragen/s ` +
        `(die Obergrenze von Node und Lastgenerator auf dieser Maschine)`,
    );
  } finally {
    await bare.close();
  }
  const steady = await pacedLoad({
    url: `${origin}${path1}`,
    connections,
    rate,
    seconds,
    headers: { Accept: WEBP },
  });
  console.log(
    `HTTP: ${path1} aus dem Zwischenspeicher, ${connections} Verbindungen, gleichmäßig verteilt ` +
      `${rate} Anfragen/s: p50 ${steady.p50} ms, p90 ${steady.p90} ms, p99 ${steady.p99} ms ` +
      `(Ziel p50 < 2 ms), ${steady.sent} Anfragen, ${steady.failed} fehlgeschlagen`,
  );
} finally {
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
