/**
 * The built production server (build/server/server.js, or $BUILD_DIR) as the bench runs it: it
 * migrates and seeds the database itself at start-up, so the bench never runs the sources'
 * migrations against a build that may be older or newer than them.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, openSync } from "node:fs";
import { createServer } from "node:net";

export interface ServerOptions {
  port: number;
  env: Record<string, string>;
  /** Extra Node flags, e.g. --cpu-prof. */
  nodeArgs?: string[];
}

/**
 * The server's log goes to a file (`.cache/bench-server-<port>.log`): it logs every request as in
 * production (decision 108), which costs what it costs there, but thousands of lines a second
 * would bury the bench's own output. A refused start (standard error) still shows here.
 */
export function startServer({ port, env, nodeArgs = [] }: ServerOptions): ChildProcess {
  const entry = `${process.env.BUILD_DIR ?? "build"}/server/server.js`;
  mkdirSync(".cache", { recursive: true });
  const logFile = openSync(`.cache/bench-server-${port}.log`, "w");
  return spawn(process.execPath, [...nodeArgs, entry], {
    stdio: ["ignore", logFile, "inherit"],
    // The load generator is one address standing for many customers: no bound on its new carts.
    env: {
      ...process.env,
      NEW_CARTS_PER_ADDRESS_MINUTE: "0",
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
    },
  });
}

/**
 * Refuses a port another process listens on: the health check would otherwise find that
 * process's server (e.g. a second bench run) and measure it instead of ours.
 */
export async function ensurePortFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", () =>
      reject(new Error(`Port ${port} ist belegt; einen freien mit BENCH_PORT wählen.`)),
    );
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve()));
  });
}

export async function waitForHealth(origin: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      throw new Error(`Der Server hat sich beim Start beendet (Code ${server.exitCode}).`);
    }
    const ok = await fetch(`${origin}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("Der Server ist nicht innerhalb von 60 s bereit geworden.");
}

export async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
}

/** Starts the server once so that it migrates and seeds the database, then stops it again. */
export async function migrateAndSeed(options: ServerOptions): Promise<void> {
  await ensurePortFree(options.port);
  const server = startServer(options);
  try {
    await waitForHealth(`http://127.0.0.1:${options.port}`, server);
  } finally {
    await stopServer(server);
  }
}
