/**
 * Lighthouse (mobile defaults: simulated slow 4G and a 4× slower CPU) on the storefront pages
 * issues 3 and 17 name: `/`, a branch page, an item dialog page, the checkout with a product in
 * the cart and an order's status page of the demo shop, several rounds each, the pages taking
 * turns. It measures; it asserts nothing. Each page's compressed JavaScript is counted too
 * (issue 17: at most 100 KB).
 *
 *   npm run bench:lighthouse
 *   LIGHTHOUSE_ROUNDS=9 npm run bench:lighthouse
 *   LIGHTHOUSE_PAGES=Produktdialog LIGHTHOUSE_ROUNDS=3 npm run bench:lighthouse
 *
 * The built production server runs on a fresh embedded database with the demo data, as
 * `npm start` does. Each run gets a fresh Chromium (Debian's, or $CHROMIUM_PATH), as the
 * Lighthouse command line does. Lighthouse's simulation multiplies every main-thread task it
 * observes by four, so a busy machine (another build, a test run) shows up as blocking time:
 * measure on a quiet one. The table gives each page's median and range; the report in reports/
 * has every run with its long tasks.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { addToNewCart, firstItemForm, submitOrder } from "#tests/support/http-orders";
import { ensurePortFree, startServer, stopServer, waitForHealth } from "./server";

const port = Number(process.env.BENCH_PORT ?? 3210);
const origin = `http://127.0.0.1:${port}`;
const rounds = Number(process.env.LIGHTHOUSE_ROUNDS ?? 5);
/** LIGHTHOUSE_PAGES=Filialseite,Produktdialog audits only those (names as in the table). */
const onlyPages = process.env.LIGHTHOUSE_PAGES?.split(",").map((name) => name.trim());
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

interface Run {
  page: string;
  url: string;
  performance: number;
  accessibility: number;
  /** Kilobytes of JavaScript as sent (compressed). */
  scriptKb: number;
  /** Milliseconds (simulated), CLS unitless. */
  fcp: number;
  lcp: number;
  speedIndex: number;
  tbt: number;
  cls: number;
  metricScores: Record<string, number | null>;
  lcpElement: string | null;
  longTasks: { url: string; duration: number }[];
}

async function main() {
  const dataDir = path.resolve(".cache/lighthouse-data");
  rmSync(dataDir, { recursive: true, force: true });
  await ensurePortFree(port);
  const server = startServer({ port, env: { DATA_DIR: dataDir, DATABASE_URL: "" } });
  const runs: Run[] = [];
  try {
    await waitForHealth(origin, server);
    const pages = await storefrontPages();
    for (let round = 1; round <= rounds; round++) {
      for (const [page, url] of Object.entries(pages)) {
        if (onlyPages && !onlyPages.includes(page)) continue;
        const run = await auditWithRetries(page, url.href, url.cookie);
        console.log(
          `Runde ${round} ${page}: Leistung ${run.performance}, Barrierefreiheit ` +
            `${run.accessibility}, TBT ${run.tbt} ms, FCP ${run.fcp} ms, LCP ${run.lcp} ms, ` +
            `JavaScript ${run.scriptKb} KB, LCP-Element ${run.lcpElement ?? "?"}`,
        );
        runs.push(run);
      }
    }
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.table(summarize(runs));
  mkdirSync("reports", { recursive: true });
  const file = path.join(
    "reports",
    `lighthouse-${new Date().toISOString().replace(/[:.]/g, "-")}.json`,
  );
  writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), rounds, runs }, null, 2));
  console.log(`Bericht: ${file}`);
}

interface Target {
  href: string;
  /** The cart's cookie, for the checkout. */
  cookie?: string;
}

/**
 * The home page, the first branch it links to and that branch's first product; the checkout with
 * that branch's first simple product in a new cart; and the status page of an order placed from
 * another such cart (cash, takeaway, as a browser without JavaScript sends it).
 */
async function storefrontPages(): Promise<Record<string, Target>> {
  const home = await fetch(`${origin}/`).then((r) => r.text());
  const branch = home.match(/href="(\/store\/[^"/]+)"/)?.[1];
  if (!branch) throw new Error("Die Startseite verlinkt keine Filiale.");
  const menu = await fetch(origin + branch).then((r) => r.text());
  const product = menu.match(/href="(\/store\/[^"/]+\/product\/[^"/?]+)"/)?.[1];
  if (!product) throw new Error(`${branch} verlinkt kein Produkt.`);
  const item = await firstItemForm(origin, branch);
  const newCart = async () => {
    const added = await addToNewCart(origin, item);
    if (!("cookie" in added))
      throw new Error(`${branch}: Warenkorb abgelehnt (${added.response.status})`);
    return added.cookie;
  };
  const forCheckout = await newCart();
  const forOrder = await newCart();
  const checkout = await fetch(`${origin}${branch}/checkout`, { headers: { Cookie: forOrder } });
  const orderKey = /name="orderKey"[^>]*value="([^"]+)"/.exec(await checkout.text())?.[1];
  if (!orderKey) throw new Error(`${branch}/checkout hat keinen Bestellschlüssel.`);
  const placed = await submitOrder(origin, branch, forOrder, orderKey);
  if (placed.status !== 303 || !placed.location?.includes("/status/")) {
    throw new Error(`Bestellung abgelehnt (${placed.status}): ${placed.body.slice(0, 300)}`);
  }
  return {
    Startseite: { href: `${origin}/` },
    Filialseite: { href: origin + branch },
    Produktdialog: { href: origin + product },
    Kasse: { href: `${origin}${branch}/checkout`, cookie: forCheckout },
    Statusseite: { href: new URL(placed.location, origin).href },
  };
}

/**
 * Lighthouse now and then fails to record the trace (NO_NAVSTART); such a run measured nothing,
 * so it is repeated (and said so) rather than counted.
 */
async function auditWithRetries(page: string, url: string, cookie?: string): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(page, url, cookie);
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`${page}: Lauf wiederholt (${String(error)})`);
    }
  }
}

async function audit(page: string, url: string, cookie?: string): Promise<Run> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless=new", "--no-sandbox"],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility"],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    if (!result) throw new Error(`Lighthouse lieferte kein Ergebnis für ${url}.`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    const value = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
    const longTasks = (lhr.audits["long-tasks"]?.details as { items?: LongTask[] } | undefined)
      ?.items;
    return {
      page,
      url,
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      fcp: value("first-contentful-paint"),
      lcp: value("largest-contentful-paint"),
      speedIndex: value("speed-index"),
      tbt: value("total-blocking-time"),
      cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN,
      // What each metric scored (0–1, as Lighthouse weighs them), and the element LCP measured.
      metricScores: Object.fromEntries(
        METRICS.map((id) => [id, lhr.audits[id]?.score ?? null]),
      ) as Record<string, number | null>,
      lcpElement: lcpElementOf(lhr.audits["largest-contentful-paint-element"]?.details),
      scriptKb: scriptKilobytes(lhr.audits["network-requests"]?.details),
      longTasks: (longTasks ?? []).map((task) => ({
        url: task.url,
        duration: Math.round(task.duration),
      })),
    };
  } finally {
    chrome.kill();
  }
}

const METRICS = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "speed-index",
  "total-blocking-time",
  "cumulative-layout-shift",
];

/** The LCP element's snippet from the audit's nested table (Lighthouse 10+), or null. */
function lcpElementOf(details: unknown): string | null {
  type Node = { snippet?: string; selector?: string; nodeLabel?: string };
  const tables = (details as { items?: { items?: { node?: Node }[] }[] })?.items;
  const node = tables?.[0]?.items?.[0]?.node;
  if (!node) return null;
  return `${node.selector ?? ""} ${node.snippet ?? ""} „${(node.nodeLabel ?? "").slice(0, 60)}“`;
}

interface LongTask {
  url: string;
  duration: number;
}

function summarize(runs: Run[]) {
  const byPage = new Map<string, Run[]>();
  for (const run of runs) byPage.set(run.page, [...(byPage.get(run.page) ?? []), run]);
  return [...byPage].map(([page, list]) => ({
    Seite: page,
    Läufe: list.length,
    "Leistung Median": median(list.map((run) => run.performance)),
    "Leistung min–max": range(list.map((run) => run.performance)),
    "Läufe mit 100": list.filter((run) => run.performance === 100).length,
    "Barrierefreiheit min": Math.min(...list.map((run) => run.accessibility)),
    "TBT Median": median(list.map((run) => run.tbt)),
    "TBT min–max": range(list.map((run) => run.tbt)),
    "LCP max": Math.max(...list.map((run) => run.lcp)),
    "CLS max": Math.max(...list.map((run) => run.cls)),
    "JavaScript KB max": Math.max(...list.map((run) => run.scriptKb)),
  }));
}

/** The transferred (compressed) bytes of every script the page loaded, in kilobytes. */
function scriptKilobytes(details: unknown): number {
  const items = (details as { items?: NetworkRequest[] } | undefined)?.items ?? [];
  const bytes = items
    .filter((item) => item.resourceType === "Script")
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  return Math.round(bytes / 102.4) / 10;
}

interface NetworkRequest {
  resourceType?: string;
  transferSize?: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function range(values: number[]): string {
  return `${Math.min(...values)}–${Math.max(...values)}`;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
