/**
 * How much a server process grows from one huge chunked POST (issue 13, point 4).
 *
 *   npm run build && node --import tsx bench/body-memory.ts
 *
 * Starts the production server (`build/server/server.js`, or `BODY_BENCH_SERVER=<file>`) on the
 * embedded database with the demo data, then posts `BODY_BENCH_MB` (default 400) MB in 64 KB
 * chunks to the cookie banner, the checkout and the cart form, one after the other, and prints
 * the process's resident memory (VmRSS) and its peak (VmHWM) from /proc before and after each.
 * `BODY_BENCH_DATABASE_URL=postgres://…` (an empty database) runs it on PostgreSQL instead of the
 * embedded database, whose own memory otherwise dominates the figures.
 */
import http from "node:http";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const megabytes = Number(process.env.BODY_BENCH_MB ?? 400);
const serverFile = path.resolve(process.env.BODY_BENCH_SERVER ?? "build/server/server.js");
const FORM = "application/x-www-form-urlencoded";
/** The cart form twice: without files (a small form) and with a file (the upload limit). */
const targets = [
  { path: "/cookie-consent", type: FORM },
  { path: "/store/altstadt/checkout", type: FORM },
  { path: "/store/altstadt?index", type: FORM },
  { path: "/store/altstadt?index", type: "multipart/form-data; boundary=x" },
];

function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

/** Sends up to `total` bytes chunked; stops writing when the answer arrives or the line drops. */
function chunkedPost(
  url: string,
  type: string,
  total: number,
): Promise<{ status: number | string; sentMb: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const piece = Buffer.alloc(64 * 1024, "a");
    const request = http.request(url, {
      method: "POST",
      headers: { "Content-Type": type },
    });
    if (type.startsWith("multipart/")) {
      request.write(
        '--x\r\nContent-Disposition: form-data; name="part-1"; filename="a.png"\r\n' +
          "Content-Type: image/png\r\n\r\n",
      );
    }
    let sent = 0;
    let finished = false;
    const finish = (status: number | string) => {
      if (finished) return;
      finished = true;
      resolve({ status, sentMb: sent / 1024 / 1024, ms: performance.now() - started });
    };
    request.on("response", (response) => {
      response.resume();
      finish(response.statusCode ?? 0);
    });
    request.on("error", (error: NodeJS.ErrnoException) => finish(error.code ?? error.message));
    const write = () => {
      while (!finished && sent < total) {
        sent += piece.length;
        if (!request.write(piece)) return void request.once("drain", write);
      }
      if (!finished) request.end();
    };
    write();
  });
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "backstube-body-bench-"));
  const child = spawn(process.execPath, [serverFile], {
    // The server finds its build beside it: another checkout's server runs in that checkout.
    cwd: path.resolve(path.dirname(serverFile), "../.."),
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      // An empty PostgreSQL database keeps PGlite's own memory out of the figures.
      DATABASE_URL: process.env.BODY_BENCH_DATABASE_URL ?? "",
      DEMO_ADMIN_PASSWORD: "bench-password-1",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    let output = "";
    const port = await new Promise<string>((resolve, reject) => {
      child.stdout.on("data", (chunk) => {
        output += chunk;
        const match = /Shop läuft auf http:\/\/localhost:(\d+)/.exec(output);
        if (match?.[1]) resolve(match[1]);
      });
      child.on("exit", () => reject(new Error(`Server beendet:\n${output}`)));
    });
    const pid = child.pid!;
    // A first page render, so the baseline includes the app's warm caches.
    await fetch(`http://127.0.0.1:${port}/store/altstadt`).then((r) => r.text());
    const start = memory(pid);
    console.log(`server ${serverFile} (pid ${pid}), ${megabytes} MB chunked per POST`);
    console.log(`before: RSS ${start.rss.toFixed(0)} MB, peak ${start.peak.toFixed(0)} MB`);
    for (const target of targets) {
      const url = `http://127.0.0.1:${port}${target.path}`;
      const result = await chunkedPost(url, target.type, megabytes << 20);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const after = memory(pid);
      console.log(
        `${target.path} (${target.type.split(";")[0]}): answer ${result.status} after ${result.sentMb.toFixed(1)} MB sent ` +
          `(${result.ms.toFixed(0)} ms); RSS ${after.rss.toFixed(0)} MB, peak ${after.peak.toFixed(0)} MB`,
      );
    }
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
