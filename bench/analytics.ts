/**
 * Visitor analytics (issue 19, decision 054): what counting a page view costs the page, and
 * whether 5,000 rows a second go into PostgreSQL in batches without the queue growing.
 *
 *   npm run bench:analytics                                                # embedded PGlite
 *   BENCH_ANALYTICS_DATABASE_URL=postgres://127.0.0.1/empty_db npm run bench:analytics
 *
 * 1. The counting middleware as a page meets it: a request's listener, the bot check (isbot) and
 *    an array push when the answer is finished; the mean over BENCH_ANALYTICS_PAGES requests of a
 *    few real browser and bot user agents.
 * 2. BENCH_ANALYTICS_RATE rows/s (5,000) for BENCH_ANALYTICS_SECONDS (10): page views and
 *    consented events half and half through the recorder, which writes them in multi-row batches;
 *    reports rows written per second, the longest queue and the rows dropped (must be 0).
 * The database is migrated and filled: give it an empty one of its own.
 */
import { EventEmitter } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Request, Response } from "express";
import { sql } from "kysely";
import { openDatabase } from "#app/db/connection.server";
import { migrateToLatest } from "#app/db/migrate.server";
import { analyticsRecorder } from "#app/features/analytics/recorder.server";
import { countPageViews } from "#app/features/analytics/page-view-counter.server";

const databaseUrl = process.env.BENCH_ANALYTICS_DATABASE_URL;
const pages = Number(process.env.BENCH_ANALYTICS_PAGES ?? 200_000);
const rate = Number(process.env.BENCH_ANALYTICS_RATE ?? 5_000);
const seconds = Number(process.env.BENCH_ANALYTICS_SECONDS ?? 10);

const AGENTS = [
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:131.0) Gecko/20100101 Firefox/131.0",
  "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
];

async function main() {
  const folder = databaseUrl ? null : mkdtempSync(path.join(os.tmpdir(), "bench-analytics-"));
  const handle = await openDatabase({
    databaseUrl,
    dataDir: folder ?? "",
    maxConnections: 10,
  });
  const db = handle.db;
  await migrateToLatest(db);
  await sql`truncate page_views, analytics_events, analytics_salts`.execute(db);
  console.log(`Datenbank: ${handle.kind}`);

  // 1. The cost on the page.
  const counted = analyticsRecorder(db, { everyMs: 1_000 });
  const middleware = countPageViews(() => counted);
  const fakeResponse = () => {
    const res = new EventEmitter() as unknown as Response & EventEmitter;
    (res as { statusCode: number }).statusCode = 200;
    res.getHeader = ((name: string) =>
      name === "content-type" ? "text/html; charset=utf-8" : undefined) as Response["getHeader"];
    return res;
  };
  const requestFor = (index: number) =>
    ({
      method: "GET",
      path: `/store/filiale-${index % 7}`,
      headers: { "user-agent": AGENTS[index % AGENTS.length] },
      ip: `198.51.100.${index % 250}`,
      socket: {},
    }) as unknown as Request;
  const next = () => undefined;
  for (let i = 0; i < 5_000; i += 1) {
    const res = fakeResponse();
    middleware(requestFor(i), res, next);
    res.emit("finish");
  }
  await counted.flush();
  const started = process.hrtime.bigint();
  for (let i = 0; i < pages; i += 1) {
    const res = fakeResponse();
    middleware(requestFor(i), res, next);
    res.emit("finish");
    // The batches are written between requests, as on a server.
    if (i % 2_000 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  const perPageUs = Number(process.hrtime.bigint() - started) / 1_000 / pages;
  await counted.stop();
  console.log(
    `Seitenaufruf zählen: ${perPageUs.toFixed(2)} µs je Seite (Mittel über ${pages.toLocaleString("de-DE")} Anfragen, ¼ davon Bots)`,
  );

  // 2. Sustained rows per second.
  await sql`truncate page_views, analytics_events`.execute(db);
  const recorder = analyticsRecorder(db, {
    everyMs: 1_000,
    maxBatch: 500,
    eventsPerWindow: Number.MAX_SAFE_INTEGER,
    eventsPerVisitorDay: Number.MAX_SAFE_INTEGER,
  });
  const total = rate * seconds;
  const begin = performance.now();
  let sent = 0;
  let tick = 0;
  while (sent < total) {
    tick += 1;
    // Send what is due by now, in 10 ms steps.
    const due = Math.min(total, Math.floor(((performance.now() - begin) / 1_000) * rate));
    for (; sent < due; sent += 1) {
      const seen = {
        at: new Date(),
        address: `203.0.113.${sent % 250}`,
        userAgent: AGENTS[sent % 3]!,
      };
      if (sent % 2 === 0) recorder.countPageView({ ...seen, path: `/store/filiale-${sent % 7}` });
      else {
        recorder.logEvent(
          {
            type: "add_to_cart",
            name: "product",
            action: null,
            category: null,
            branch: null,
            data: { productId: sent % 300, amount: 1 },
          },
          seen,
        );
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const sentAfter = (performance.now() - begin) / 1_000;
  await recorder.stop();
  const elapsed = (performance.now() - begin) / 1_000;
  const rows = await sql<{ n: string }>`
    select (select count(*) from page_views) + (select count(*) from analytics_events) as n
  `.execute(db);
  const written = Number(rows.rows[0]?.n ?? 0);
  console.log(
    `Dauerlast: ${total.toLocaleString("de-DE")} Zeilen in ${sentAfter.toFixed(1)} s angeboten (${rate.toLocaleString("de-DE")}/s), ` +
      `alle geschrieben nach ${elapsed.toFixed(1)} s: ${written.toLocaleString("de-DE")} Zeilen, ` +
      `${Math.round(written / elapsed).toLocaleString("de-DE")} Zeilen/s, ${tick} Takte`,
  );
  if (written !== total) console.log(`ACHTUNG: ${total - written} Zeilen fehlen.`);
  await handle.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
