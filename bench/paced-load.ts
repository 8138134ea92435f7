/**
 * An open-loop load of `connections` keep-alive connections, each asking at its own even pace so
 * that together they send `rate` requests per second, spread out instead of in bursts (as many
 * browsers loading pictures do). autocannon's `overallRate` fires every connection at the same
 * tick, so its figures measure the queue of one burst, not the answer time.
 *
 * Each answer time counts from the moment the request was due, not from when it was sent: a
 * server that falls behind shows it (no coordinated omission).
 */
import { spawn } from "node:child_process";
import http from "node:http";

export interface PacedResult {
  sent: number;
  failed: number;
  p50: number;
  p90: number;
  p99: number;
}

const percentile = (sorted: number[], share: number) =>
  sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;

export async function pacedLoad(options: {
  url: string;
  connections: number;
  rate: number;
  seconds: number;
  headers?: Record<string, string>;
}): Promise<PacedResult> {
  const { connections, rate, seconds } = options;
  const url = new URL(options.url);
  const interval = (connections / rate) * 1000;
  const started = performance.now();
  const ends = started + seconds * 1000;
  const times: number[] = [];
  let failed = 0;

  const one = (agent: http.Agent) =>
    new Promise<boolean>((resolve) => {
      const request = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname + url.search,
          headers: options.headers,
          agent,
        },
        (response) => {
          response.on("data", () => {});
          response.on("end", () => resolve(response.statusCode === 200));
        },
      );
      request.on("error", () => resolve(false));
      request.end();
    });

  const connection = async (index: number) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    // Each connection starts at its own offset within one interval.
    let due = started + (index * interval) / connections;
    while (due < ends) {
      // A timer may fire up to a millisecond early (it rounds): never ask before the request is due.
      while (performance.now() < due) {
        await new Promise((resolve) => setTimeout(resolve, Math.ceil(due - performance.now())));
      }
      const ok = await one(agent);
      if (ok) times.push(performance.now() - due);
      else failed += 1;
      due += interval;
    }
    agent.destroy();
  };
  await Promise.all(Array.from({ length: connections }, (_, index) => connection(index)));
  const sorted = times.sort((a, b) => a - b);
  const round = (value: number) => Number(value.toFixed(2));
  return {
    sent: times.length + failed,
    failed,
    p50: round(percentile(sorted, 0.5)),
    p90: round(percentile(sorted, 0.9)),
    p99: round(percentile(sorted, 0.99)),
  };
}

/**
 * The same bytes from a bare `node:http` server in a process of its own (no Express, no Remix):
 * the machine's own ceiling for any Node answer, to read the shop's figures against. The very
 * bytes, not a run of one value: autocannon reads a picture's random bytes at about a tenth of the
 * speed of a body of sevens (2,800 against 34,000 answers of 31 KB a second on this machine), so
 * anything else compares the load generator, not the server.
 */
export async function bareServer(body: Uint8Array, type: string) {
  const code = `
    const chunks = [];
    process.stdin.on("data", (chunk) => chunks.push(chunk));
    process.stdin.on("end", () => {
      const body = Buffer.concat(chunks);
      const server = require("node:http").createServer((request, response) => {
        response.writeHead(200, { "Content-Type": ${JSON.stringify("TYPE")}, "Content-Length": body.byteLength });
        response.end(body);
      });
      server.listen(0, "127.0.0.1", () => console.log(server.address().port));
    });`.replace('"TYPE"', JSON.stringify(type));
  const child = spawn(process.execPath, ["-e", code], { stdio: ["pipe", "pipe", "inherit"] });
  child.stdin.end(body);
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    child.once("exit", () => reject(new Error("Der Vergleichsserver endete.")));
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill();
      }),
  };
}
