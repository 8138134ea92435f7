/**
 * Where a page's blocking time comes from (decision 015's addendum): loads one address in
 * Chromium with the CPU slowed four times, as Lighthouse's mobile run assumes, records a
 * performance trace and lists the main thread's tasks over 30 ms with what took longest inside
 * each (parsing, style, layout, a script's function), then the blocking time those tasks add up
 * to (the part of each over 50 ms). Needs a running server, for example
 * `PORT=3900 node tests/support/start-e2e-server.mjs`.
 *
 *   node --import tsx bench/page-trace.ts http://127.0.0.1:3900/store/altstadt [rounds]
 */
import { chromium } from "@playwright/test";

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { url?: string; functionName?: string } };
}

const url = process.argv[2];
const rounds = Number(process.argv[3] ?? 3);
if (!url) throw new Error("Aufruf: node --import tsx bench/page-trace.ts <Adresse> [Runden]");

async function traceOnce(): Promise<number> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox"],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await browser.startTracing(page, {
      categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute"],
    });
    await page.goto(url!, { waitUntil: "load" });
    await page.waitForTimeout(3_000);
    const events = (
      JSON.parse((await browser.stopTracing()).toString()) as {
        traceEvents: TraceEvent[];
      }
    ).traceEvents;
    const mainThreads = new Set(
      events
        .filter(
          (e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain",
        )
        .map((e) => `${e.pid}:${e.tid}`),
    );
    const onMain = (e: TraceEvent) => mainThreads.has(`${e.pid}:${e.tid}`);
    const tasks = events.filter(
      (e) => onMain(e) && e.name === "RunTask" && e.ph === "X" && (e.dur ?? 0) > 30_000,
    );
    const first = tasks[0]?.ts ?? 0;
    let blocking = 0;
    for (const task of tasks) {
      const duration = task.dur! / 1000;
      blocking += Math.max(0, duration - 50);
      const longest = new Map<string, number>();
      for (const e of events) {
        if (e.pid !== task.pid || e.tid !== task.tid || e.name === "RunTask") continue;
        if (e.ts < task.ts || e.ts + (e.dur ?? 0) > task.ts + task.dur! || (e.dur ?? 0) < 3_000)
          continue;
        const where = e.args?.data?.url?.split("/").pop() ?? "";
        const key = [e.name, where, e.args?.data?.functionName ?? ""].filter(Boolean).join(" ");
        longest.set(key, Math.max(longest.get(key) ?? 0, e.dur! / 1000));
      }
      const inside = [...longest]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([key, ms]) => `${key} ${ms.toFixed(0)}`)
        .join(" | ");
      console.log(
        `  Aufgabe ${duration.toFixed(0)} ms bei ${((task.ts - first) / 1000).toFixed(0)} ms: ${inside}`,
      );
    }
    return blocking;
  } finally {
    await browser.close();
  }
}

for (let round = 1; round <= rounds; round++) {
  console.log(`Runde ${round}:`);
  const blocking = await traceOnce();
  console.log(`  Blockierzeit (vierfach gebremst, gemessen): ${blocking.toFixed(0)} ms`);
}
