import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import net from "node:net";

/**
 * The real server as a child process on a port of its own, the way an operator runs it: the
 * production build (`build/server/server.js`, brought up to date first by
 * scripts/ensure-build.mjs, a no-op when it is), which starts its processes in about half the
 * time tsx needs. Its output is kept for assertions.
 */
export interface ShopProcess {
  child: ChildProcessWithoutNullStreams;
  origin: string;
  output(): string;
  /** The exit code (null after a signal) once it has ended. */
  exited: Promise<number | null>;
  /** The server processes node:cluster started (WEB_CONCURRENCY > 1). */
  workers(): number[];
  /** Resolves once the output contains `text` this many times (default once). */
  waitForOutput(text: string, options?: { times?: number; timeoutMs?: number }): Promise<void>;
  stop(): Promise<number | null>;
}

export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export function ensureBuild(): void {
  execFileSync(process.execPath, ["scripts/ensure-build.mjs"], { stdio: "inherit" });
}

export async function startShopProcess(
  env: Record<string, string>,
  options: {
    port?: number;
    waitUntilReady?: boolean;
    /** Another checkout's build (an earlier release, decision 114): started in its folder. */
    cwd?: string;
  } = {},
): Promise<ShopProcess> {
  const port = options.port ?? (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  const entry = `${options.cwd ? "build" : (process.env.BUILD_DIR ?? "build")}/server/server.js`;
  const child = spawn(process.execPath, [entry], {
    cwd: options.cwd,
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_ORIGIN: origin,
      // The fault runs place thousands of orders from one address (bounded in the shop, issue 35).
      NEW_CARTS_PER_ADDRESS_MINUTE: "0",
      ...(options.cwd ? { BUILD_DIR: "build" } : {}),
      ...env,
    },
  });
  let output = "";
  const watchers = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const watcher of [...watchers]) watcher();
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  // 'close', not 'exit': the last lines („Server beendet.“) can still be on their way through the
  // pipe when the process has exited, the more so as the server processes of WEB_CONCURRENCY share it.
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  const count = (text: string) => output.split(text).length - 1;
  const waitForOutput: ShopProcess["waitForOutput"] = (text, options = {}) => {
    const { times = 1, timeoutMs = 60_000 } = options;
    return new Promise((resolve, reject) => {
      const check = () => {
        if (count(text) < times) return false;
        done();
        resolve();
        return true;
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`„${text}“ nicht ${times}-mal ausgegeben:\n${output}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        watchers.delete(watcher);
      };
      const watcher = () => void check();
      if (check()) return;
      watchers.add(watcher);
      void exited.then(() => {
        if (watchers.has(watcher) && !check()) {
          done();
          reject(new Error(`Server beendet, bevor „${text}“ kam:\n${output}`));
        }
      });
    });
  };
  const shop: ShopProcess = {
    child,
    origin,
    output: () => output,
    exited,
    workers: () => {
      try {
        return execFileSync("pgrep", ["-P", String(child.pid), "-f", "server"], {
          encoding: "utf8",
        })
          .split("\n")
          .filter(Boolean)
          .map(Number);
      } catch {
        return []; // pgrep answers 1 when there is none
      }
    },
    waitForOutput,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
  if (options.waitUntilReady !== false) await waitForOutput("Shop läuft auf");
  return shop;
}
