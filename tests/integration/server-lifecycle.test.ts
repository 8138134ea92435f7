import http from "node:http";
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, inject, it } from "vitest";
import { databaseUrlFor, withAdminClient } from "#tests/support/postgres";

interface RunningServer {
  child: ChildProcessWithoutNullStreams;
  origin: string;
  output: () => string;
  exited: Promise<number | null>;
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Starts server.ts from source on a free port and waits for its ready line. */
async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    env: { ...process.env, NODE_ENV: "test", PORT: "0", HOST: "127.0.0.1", ...env },
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  // 'close', not 'exit': the last lines can still be in the pipe (which the workers share) when
  // the process has exited; CI once read the output before „Server beendet.“ had arrived.
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  cleanups.push(async () => {
    if (child.exitCode === null) child.kill("SIGKILL");
    await exited;
  });
  const port = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`kein Start:\n${output}`)), 100_000);
    child.stdout.on("data", () => {
      const match = /Shop läuft auf http:\/\/localhost:(\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.on("exit", () => reject(new Error(`beendet:\n${output}`)));
  });
  return { child, origin: `http://127.0.0.1:${port}`, output: () => output, exited };
}

function tempDataDir(): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), "backstube-server-"));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

/** A new, empty database on the PostgreSQL server of the test run, dropped after the test. */
async function freshDatabase(): Promise<string> {
  const base = inject("postgresUrl")!;
  const name = `bt_test_${randomBytes(6).toString("hex")}`;
  await withAdminClient(base, (client) => client.query(`create database ${name}`));
  cleanups.push(() =>
    withAdminClient(base, (client) =>
      client.query(`drop database if exists ${name} with (force)`),
    ).then(() => undefined),
  );
  return databaseUrlFor(base, name);
}

// Each test starts real servers on fresh databases: slow on a busy 2-core machine.
describe("the server", { timeout: 180_000 }, () => {
  it("answers /healthz and stops cleanly on SIGTERM, finishing what is running", async () => {
    const server = await startServer({ DATA_DIR: tempDataDir(), SEED_DEMO_DATA: "false" });
    const health = await fetch(`${server.origin}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok", database: "pglite" });
    // An idle connection stays open for 65 s: a client reusing it after a pause of a few seconds
    // must not meet a connection the server is just closing (a reset, not an answer).
    expect(health.headers.get("keep-alive")).toBe("timeout=65");

    // A request whose body is still arriving when SIGTERM comes: it must still get its answer.
    const request = http.request(`${server.origin}/healthz`, {
      method: "POST",
      headers: { "Content-Type": "text/plain", "Content-Length": "10" },
    });
    const answered = new Promise<number>((resolve, reject) => {
      request.on("response", (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      });
      request.on("error", reject);
    });
    request.write("12345");
    await new Promise((resolve) => setTimeout(resolve, 200));
    server.child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 200));
    request.end("67890");
    const status = await answered;
    expect(status).toBeGreaterThanOrEqual(200);
    expect(status).toBeLessThan(500);
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("SIGTERM empfangen");
    expect(server.output()).toContain("Server beendet.");
  });

  it("sends security headers with a fresh script nonce on every page", async () => {
    const server = await startServer({ DATA_DIR: tempDataDir(), SEED_DEMO_DATA: "false" });
    const nonces = [];
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${server.origin}/healthz`);
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      nonces.push(/'nonce-([^']+)'/.exec(csp)?.[1]);
    }
    expect(nonces[0]).toMatch(/^[A-Za-z0-9+/=]{20,}$/);
    expect(nonces[0]).not.toBe(nonces[1]);

    const page = await (await fetch(`${server.origin}/`)).text();
    const stylesheet = /href="(\/assets\/[^"]+\.css)"/.exec(page)?.[1];
    expect(stylesheet).toBeDefined();
    const asset = await fetch(`${server.origin}${stylesheet}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it.runIf(inject("postgresUrl"))(
    "runs the same shop on PostgreSQL with DATABASE_URL and seeds it once",
    async () => {
      const env = { DATABASE_URL: await freshDatabase(), DATA_DIR: tempDataDir() };

      const first = await startServer(env);
      expect(await (await fetch(`${first.origin}/healthz`)).json()).toEqual({
        status: "ok",
        database: "pg",
      });
      expect(first.output()).toMatch(/Backoffice-Login: admin@sonnenkorn\.example \/ \S{12,}/);
      // The demo runs on plain http: no Strict-Transport-Security, which would lock it out.
      const demo = await fetch(`${first.origin}/`);
      expect(demo.headers.get("strict-transport-security")).toBeNull();
      first.child.kill("SIGTERM");
      expect(await first.exited).toBe(0);

      // The second start in production mode, as a real shop runs behind TLS.
      const second = await startServer({
        ...env,
        APP_MODE: "production",
        SESSION_SECRET: "s".repeat(40),
        PUBLIC_ORIGIN: "https://shop.example",
      });
      expect(second.output()).not.toContain("Demo-Daten angelegt");
      for (const path of ["/", "/healthz", "/store/altstadt"]) {
        const response = await fetch(`${second.origin}${path}`);
        expect(response.headers.get("strict-transport-security"), path).toBe(
          "max-age=31536000; includeSubDomains",
        );
      }
      second.child.kill("SIGTERM");
      expect(await second.exited).toBe(0);
    },
  );
  it.runIf(inject("postgresUrl"))(
    "runs WEB_CONCURRENCY server processes on one port, replaces one that dies, stops them all",
    async () => {
      const server = await startServer({
        DATABASE_URL: await freshDatabase(),
        DATA_DIR: tempDataDir(),
        WEB_CONCURRENCY: "2",
      });
      const workers = () =>
        execFileSync("pgrep", ["-P", String(server.child.pid), "-f", "server.ts"], {
          encoding: "utf8",
        })
          .split("\n")
          .filter(Boolean)
          .map(Number);
      expect(server.output()).toMatch(/Shop läuft auf http:\/\/localhost:\d+ \(pg, 2 Prozesse/);
      // Seeded once, by the first process, before the others started.
      expect(server.output().match(/Demo-Daten angelegt:/g)).toHaveLength(1);
      const [first, second] = workers();
      expect([first, second].every((pid) => Number.isInteger(pid))).toBe(true);

      process.kill(first!, "SIGKILL");
      // A new process compiles server.ts again with tsx: beside CI's other suites on two cores
      // that took over 30 s (stop 35).
      const deadline = Date.now() + 150_000;
      while (Date.now() < deadline && !(workers().length === 2 && !workers().includes(first!))) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(workers()).toHaveLength(2);
      expect(workers()).not.toContain(first);
      expect(server.output()).toContain(`Serverprozess ${first} beendet (SIGKILL)`);
      const replacement = workers().find((pid) => pid !== second)!;
      while (
        Date.now() < deadline &&
        !server.output().includes(`Neuer Serverprozess ${replacement} nimmt Anfragen an.`)
      ) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(server.output()).toContain(`Neuer Serverprozess ${replacement} nimmt Anfragen an.`);
      // The shop is announced once, when it first starts, not again for the replacement.
      expect(server.output().match(/Shop läuft auf/g)).toHaveLength(1);
      for (let request = 0; request < 6; request++) {
        expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
      }

      const remaining = workers();
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
      expect(server.output().match(/Server beendet\./g)).toHaveLength(1);
      for (const pid of remaining) expect(() => process.kill(pid, 0)).toThrow();
    },
    // Three processes start, one is replaced and all stop: on a busy machine over 120 s (stop 34).
    300_000,
  );

  it("refuses WEB_CONCURRENCY above 1 on the embedded database", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "test",
        PORT: "0",
        DATA_DIR: tempDataDir(),
        WEB_CONCURRENCY: "2",
        DATABASE_URL: "",
      },
    });
    let output = "";
    child.stderr.on("data", (chunk) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(code).toBe(1);
    expect(output).toContain("WEB_CONCURRENCY über 1 braucht DATABASE_URL");
  });
});
