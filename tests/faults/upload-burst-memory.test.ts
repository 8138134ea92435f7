import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "#app/db/connection.server";
import { seedDemoData } from "#app/db/seed.server";
import { photoCakeAtAltstadt } from "#tests/support/photo-cake";
import { databaseUrlFor, withAdminClient } from "#tests/support/postgres";
import { ensureBuild, startShopProcess, type ShopProcess } from "#tests/support/shop-process";

/**
 * Issue 35, finding 10, against the real server (server.ts, WEB_CONCURRENCY=2) on a PostgreSQL
 * database of its own: a hostile tester's burst of 40 parallel add-to-carts of 38 MB each (four
 * photos of 9.5 MB, just under the cart form's 40 MB) left both server processes at 344–384 MB
 * for good. Shortly after the burst each must be below 200 MB again (decision 051, "Upload
 * bursts"). Resident memory is a figure of the process, not a timing, so it is asserted; the
 * figures are printed.
 * Only with TEST_DATABASE_URL, like the other fault tests.
 */
const POSTS = 40;
const FILES_PER_POST = 4;
const LIMIT_MB = 200;
/**
 * When resident memory is read after the burst; the last one is asserted. The processes collect
 * two seconds after the last upload, so fifteen seconds show the point; the minute
 * would only make the test longer (memory does not grow back in an idle process).
 */
const SAMPLES_S = [0, 5, 15];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/**
 * A photo of 9.5 MB: a small JPEG and zeros after its end marker, which decoders never read. It
 * passes every check as a phone's large photo does, without making the test wait for decoding.
 */
async function largePhoto(): Promise<Buffer> {
  const photo = await sharp({
    create: { width: 640, height: 480, channels: 3, background: "#c0392b" },
  })
    .jpeg()
    .toBuffer();
  return Buffer.concat([photo, Buffer.alloc(9.5 * 1024 * 1024 - photo.length)]);
}

/** One multipart post, written as it is sent, not built in the test's memory. */
function postForm(
  url: string,
  fields: [string, string][],
  files: { field: string; name: string; bytes: Buffer }[],
): Promise<number | string> {
  const boundary = `----burst${randomBytes(8).toString("hex")}`;
  const head = (disposition: string, type?: string) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; ${disposition}\r\n` +
        (type ? `Content-Type: ${type}\r\n` : "") +
        "\r\n",
    );
  const pieces: Buffer[] = [];
  for (const [name, value] of fields) {
    pieces.push(head(`name="${name}"`), Buffer.from(`${value}\r\n`));
  }
  for (const file of files) {
    pieces.push(head(`name="${file.field}"; filename="${file.name}"`, "image/jpeg"));
    pieces.push(file.bytes, Buffer.from("\r\n"));
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  const length = pieces.reduce((sum, piece) => sum + piece.length, 0);
  return new Promise((resolve) => {
    const request = http.request(url, {
      method: "POST",
      headers: {
        "Content-Type": `multipart/form-data; boundary=${boundary}`,
        "Content-Length": String(length),
        Connection: "close",
      },
    });
    request.on("response", (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    const write = (index: number) => {
      for (let i = index; i < pieces.length; i++) {
        if (!request.write(pieces[i])) return void request.once("drain", () => write(i + 1));
      }
      request.end();
    };
    write(0);
  });
}

const postgresUrl = inject("postgresUrl");
const template = inject("postgresTemplate");

describe.runIf(template)(
  "server processes after a burst of large uploads",
  { timeout: 600_000 },
  () => {
    const name = `bt_test_${randomBytes(6).toString("hex")}`;
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "backstube-upload-burst-"));
    let handle: DatabaseHandle;
    let shop: ShopProcess;
    let action: string;
    let fields: [string, string][];
    let photoField: string;

    beforeAll(async () => {
      // A build of one's own (BUILD_DIR) is brought up to date by whoever named it.
      if (!process.env.BUILD_DIR) ensureBuild();
      await withAdminClient(postgresUrl!, (client) =>
        client.query(`create database ${name} template ${template}`),
      );
      const url = databaseUrlFor(postgresUrl!, name);
      handle = await openDatabase({ databaseUrl: url, dataDir: "", maxConnections: 2 });
      const now = new Date();
      await seedDemoData(handle.db, { now });
      // Every category and product can be ordered at any hour the test runs.
      await sql`update categories set schedule = '[]'`.execute(handle.db);
      await sql`update products set schedule = '[]'`.execute(handle.db);
      // The photo cake at Altstadt; four photos in its one photo step, 38 MB in all: the form
      // holds every file before the step's checks count them (a tester's worst case).
      const cake = await photoCakeAtAltstadt(handle.db, now);
      fields = [
        ["intent", "add"],
        ["productId", String(cake.cake.id)],
        ["amount", "1"],
        ...Object.entries(cake.otherFields),
      ];
      photoField = cake.photoField;
      action = `/store/altstadt/product/${cake.cake.id}`;
      shop = await startShopProcess({
        DATABASE_URL: url,
        DATABASE_POOL_SIZE: "5",
        WEB_CONCURRENCY: "2",
        DATA_DIR: dataDir,
        SEED_DEMO_DATA: "false",
      });
    });

    afterAll(async () => {
      await shop?.stop();
      await handle?.close();
      await withAdminClient(postgresUrl!, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      );
      rmSync(dataDir, { recursive: true, force: true });
    });

    it(`leaves each process below ${LIMIT_MB} MB after ${POSTS} parallel 38 MB add-to-carts`, async () => {
      const workers = shop.workers();
      expect(workers).toHaveLength(2);
      // Each process serves a few pages first, so the baseline is a working one.
      for (let i = 0; i < 10; i++) await (await fetch(`${shop.origin}/store/altstadt`)).text();
      const before = workers.map(rssMb);
      const photo = await largePhoto();
      const files = Array.from({ length: FILES_PER_POST }, (_, i) => ({
        field: photoField,
        name: `foto-${i + 1}.jpg`,
        bytes: photo,
      }));
      const started = performance.now();
      const peaks = workers.map(rssMb);
      const sampler = setInterval(() => {
        workers.forEach((pid, i) => (peaks[i] = Math.max(peaks[i]!, rssMb(pid))));
      }, 200);
      const statuses = await Promise.all(
        Array.from({ length: POSTS }, () => postForm(`${shop.origin}${action}`, fields, files)),
      );
      clearInterval(sampler);
      const burstMs = performance.now() - started;
      const samples: string[] = [];
      for (const seconds of SAMPLES_S) {
        const due = started + burstMs + seconds * 1000;
        await sleep(Math.max(0, due - performance.now()));
        samples.push(`${seconds} s: ${workers.map((pid) => rssMb(pid).toFixed(0)).join(" / ")} MB`);
      }
      const after = workers.map(rssMb);
      const counted = new Map<string, number>();
      for (const status of statuses)
        counted.set(String(status), (counted.get(String(status)) ?? 0) + 1);
      console.log(
        `Upload-Schub (${(photo.length / 1024 / 1024).toFixed(1)} MB × ${FILES_PER_POST} je Anfrage, ` +
          `${POSTS} parallel, ${(burstMs / 1000).toFixed(1)} s): Antworten ${JSON.stringify([...counted])}\n` +
          `  vorher ${before.map((mb) => mb.toFixed(0)).join(" / ")} MB, ` +
          `Spitze ${peaks.map((mb) => mb.toFixed(0)).join(" / ")} MB\n  nach dem Schub ${samples.join(", ")}`,
      );
      // Refused (four photos in a one-photo step, or the address's quota) or stored: never a 500.
      expect(statuses.filter((status) => ![303, 400, 503].includes(Number(status)))).toEqual([]);
      expect(shop.workers()).toEqual(workers);
      for (const mb of after) expect(mb).toBeLessThan(LIMIT_MB);
    });
  },
);
