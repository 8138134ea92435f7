import cluster from "node:cluster";
import path from "node:path";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import compression from "compression";
import express from "express";
import { sql } from "kysely";
import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import { createRequestHandler } from "@remix-run/express";
import { ConfigError, loadConfig, type AppConfig } from "./app/config/env.server";
// zod with its German messages before the configuration is checked (decision 091).
import "./app/zod-in-german";
import { BootError, openAppDatabase, seedIfEmpty } from "./app/server/boot.server";
import {
  checkoutPageOrigins,
  paymentProviders,
} from "./app/integrations/payments/providers.server";
import { hashedAssets } from "./app/server/precompressed.server";
import { securityHeaders, tileImageSource } from "./app/server/security-headers.server";
import { markCartWrites } from "./app/server/cart-writes.server";
import { rejectCrossSiteRequests } from "./app/server/cross-site.server";
import { pathOf, refuseHostileAddresses } from "./app/server/hostile-addresses.server";
import { refusal, sendRefusal } from "./app/server/refusals.server";
import { errorLog } from "./app/server/error-log.server";
import { createLogger, installLogger, requestLog } from "./app/server/logger.server";
import {
  answerForMetrics,
  collectProcessMetrics,
  poolMetrics,
  queueMetrics,
  readQueues,
  requestMetrics,
  startMetricsServer,
} from "./app/server/metrics.server";
import type { Logger } from "pino";
import { de } from "./app/i18n/de";
import { withRouteDefaults } from "./app/server/route-defaults.server";
import { orderStatusNotModified } from "./app/server/order-status-cache.server";
import {
  documentPartsFor,
  forgetOnReferenceChanges,
  storefrontPageCache,
  visitorPartsOf,
  checkoutPageCache,
  statusPageCache,
  type Forgettable,
} from "./app/server/reference-changes.server";
import { limitRequestBodies, quietAfterBodyRefused } from "./app/server/body-limit.server";
import { collectAfterUploads } from "./app/server/upload-spool.server";
import { compressUnlessEventStream } from "./app/server/event-stream.server";
import { startLiveOrders, type LiveOrders } from "./app/server/notify-hub.server";
import type { DatabaseHandle } from "./app/db/connection.server";
import { startOutboxWorker, type OutboxWorker } from "./app/features/shared/outbox.server";
import {
  startWebhookWorker,
  type WebhookWorker,
} from "./app/features/webhooks/webhook-delivery.server";
import { restartPolicy } from "./app/server/worker-restarts.server";
import { isQueueTable, type QueueTable } from "./app/server/queue-wakeup.server";
import { workerEnv, workerExecArgv } from "./app/server/worker-memory.server";
import {
  answerDatabaseOutages,
  sendDatabaseUnavailable,
} from "./app/server/database-outage.server";
import { isDatabaseUnavailable } from "./app/db/unavailable.server";
import { startCleanupWorker, type CleanupWorker } from "./app/features/cart/abandoned-carts.server";
import { startRollupWorker, type RollupWorker } from "./app/features/statistics/rollups.server";
import { deStatistics } from "./app/i18n/de-statistics";
import { quickCloudPrntPolls } from "./app/features/devices/cloudprnt.server";
import { startPrintWorker } from "./app/features/devices/print-jobs.server";
import { autoConfirmAfterRound } from "./app/features/devices/auto-confirm.server";
import { startPushWorker } from "./app/features/devices/notifier-pushes.server";
import { vapidKeys } from "./app/integrations/push/web-push.server";
import { getSettings } from "./app/db/queries/settings";
import { uploadsWithPreviews } from "./app/features/uploads/previews.server";
import {
  startCustomerDataRetention,
  type CustomerDataWorker,
} from "./app/features/orders/customer-data.server";
import { dePrivacy } from "./app/i18n/de-privacy";
import { keptImages } from "./app/features/media/image-memory.server";
import {
  analyticsRecorder,
  type AnalyticsRecorder,
} from "./app/features/analytics/recorder.server";
import { countPageViews } from "./app/features/analytics/page-view-counter.server";
import {
  startAnalyticsRetention,
  type RetentionWorker,
} from "./app/features/analytics/retention.server";
import { referenceSettings } from "./app/features/shared/reference-data.server";
import { allowPixelWithConsent } from "./app/features/analytics/pixel-policy.server";

/** The longest a queue's worker sleeps without an announcement (decision 119). */
const QUEUE_FALLBACK_MS = 60_000;

/** How long an idle keep-alive connection stays open (see `main`). */
const KEEP_ALIVE_MS = 65_000;

/**
 * The log (decision 108): JSON lines at level info until the configuration is read, then as it
 * says (LOG_LEVEL, LOG_FORMAT). The workers take `log`, a line at level info.
 */
let logger: Logger = createLogger({
  level: "info",
  format: process.env.NODE_ENV === "development" ? "pretty" : "json",
});
const log = (line: string) => logger.info(line);
const logServerError = errorLog((line, error) =>
  logger.error(error instanceof Error && error.stack ? { stack: error.stack } : {}, line),
);

/** Which of the server processes this is (0 … WEB_CONCURRENCY-1), for the metrics' `worker`. */
const WORKER_SLOT_VARIABLE = "BACKSTUBE_WORKER_SLOT";

const BUILD_DIR = path.resolve(process.cwd(), process.env.BUILD_DIR ?? "build");

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig();
  logger = createLogger({ level: config.logLevel, format: config.logFormat });
  installLogger(logger);
  if (config.processes > 1 && cluster.isPrimary) {
    // The figures of all processes, summed, from the first one (decision 109).
    if (config.metrics) serveMetrics(config.metrics, true);
    return runProcesses(config, startedAt);
  }
  // React and Remix pick their production builds by this variable when the app is first
  // imported (below, dynamically): unset, the server rendered with React's development build,
  // several times slower.
  process.env.NODE_ENV = config.isDevelopment ? "development" : "production";
  const database = await openAppDatabase(config);
  // With several processes the first one migrated and seeded before it started the others.
  if (config.seedDemoData && cluster.isPrimary) {
    await seedIfEmpty(database, log, config);
  }
  // Live order updates: this instance's one LISTEN connection (docs/decisions/016).
  const live = startLiveOrders(database, { log });
  await waitForLive(live);
  // The work queues' workers start when a trigger announces a due row (decision 119); between
  // announcements each sleeps until its next row is due, a minute at most.
  const wakeup = (table: QueueTable) => ({ table, fallbackMs: QUEUE_FALLBACK_MS });
  const outbox = startOutboxWorker(database.db, config, log, { wakeup: wakeup("outbox") });
  // Webhooks (decision 094): the triggers queue them with the change, this sends them.
  const webhooks = startWebhookWorker(database.db, log, {
    allowPrivateAddresses: config.webhookPrivateAddresses,
    wakeup: wakeup("webhook_deliveries"),
  });
  // Abandoned carts and their files go after ABANDONED_CART_DAYS (decision 027).
  const cleanup = startCleanupWorker(database.db, uploadsWithPreviews(config), log, {
    maxAgeMs: config.abandonedCartMs,
  });
  // Page views and consented events, written in batches; raw rows of rolled days older than the
  // retention setting go hourly (decision 054).
  const analytics = analyticsRecorder(database.db, {
    zone: async () => (await referenceSettings(database.db)).businessTimeZone,
    log,
  });
  const retention = startAnalyticsRetention(database.db, log);
  // Customers' contact data goes after the retention setting (decision 112); one instance works.
  const customerData = startCustomerDataRetention(database.db, uploadsWithPreviews(config), log, {
    messages: dePrivacy.worker,
  });
  // The statistics' daily rollups (decision 055): processes share the work by an advisory lock.
  const rollups = startRollupWorker(database.db, log, {
    zone: async () => (await getSettings(database.db)).businessTimeZone,
    messages: { rolled: deStatistics.rolled, failed: deStatistics.rollupFailed },
  });

  // Print jobs to TCP receipt printers (decision 056).
  // Orders confirmed automatically once their ticket printed (decision 063).
  const printing = startPrintWorker(
    database.db,
    log,
    1_000,
    autoConfirmAfterRound(database.db, config),
    wakeup("print_jobs"),
  );
  // Web Push to the kitchens' order notifiers (decision 057); none without VAPID keys.
  const pushing = startPushWorker(
    database.db,
    vapidKeys(config),
    log,
    undefined,
    config.pushEndpoints,
    wakeup("notifier_pushes"),
  );
  const wakes: Record<QueueTable, () => void> = {
    outbox: () => outbox.wake(),
    webhook_deliveries: () => webhooks.wake(),
    print_jobs: () => printing.wake(),
    notifier_pushes: () => pushing?.wake(),
  };
  // null: the listener was away, an announcement may be lost; every worker looks.
  live.onQueueWork((table) => {
    if (table === null) for (const wake of Object.values(wakes)) wake();
    else if (isQueueTable(table)) wakes[table]();
  });

  const app = express();
  app.disable("x-powered-by");
  if (config.trustProxy) app.set("trust proxy", true);
  // Each request's line: id (X-Request-Id), route group, masked path, status, duration.
  app.use(requestLog(logger, { trustProxy: config.trustProxy }));
  if (config.metrics) {
    // The figures (decision 109): one histogram observation per request, and this process's
    // memory, event-loop lag and pool; the queues' depths are read by the first worker alone.
    const slot = cluster.isWorker ? (process.env[WORKER_SLOT_VARIABLE] ?? "0") : "0";
    answerForMetrics();
    collectProcessMetrics(slot);
    if (database.poolFigures) poolMetrics(database.poolFigures);
    if (slot === "0") queueMetrics(() => readQueues(database.db));
    app.use(requestMetrics());
    if (cluster.isPrimary) serveMetrics(config.metrics, false);
  }
  // Sizes of images served before answer from memory ahead of everything else (decision 038):
  // their address names id and version, so the answer never changes.
  // They are answered before Express sees the request at all (see the server below).
  const images = keptImages(() => live.status().listening);
  // First: every body is counted as it arrives, whatever its framing (decision 027).
  app.use(limitRequestBodies());
  // After a burst of large uploads, one garbage collection once they stop (decision 051).
  app.use(collectAfterUploads());
  // Event streams stay uncompressed: gzip would hold the board's events back.
  app.use(compression({ filter: compressUnlessEventStream }));
  // The pixel's origins in the policy only for a consenting visitor with a pixel configured.
  app.use(allowPixelWithConsent(database.db, config.pixelScriptUrl));
  app.use(
    securityHeaders({
      isDevelopment: config.isDevelopment,
      formTargets: checkoutPageOrigins(config),
      imageSources: [tileImageSource(config.mapTileUrl)].filter((source) => source !== null),
      strictTransport: config.mode === "production",
    }),
  );

  app.get("/healthz", async (_req, res) => {
    try {
      await sql`select 1`.execute(database.db);
      res.set("Cache-Control", "no-store").json({ status: "ok", database: database.kind });
    } catch {
      res
        .status(503)
        .set("Cache-Control", "no-store")
        .json({ status: "error", database: database.kind });
    }
  });

  app.use(refuseHostileAddresses());
  app.use(rejectCrossSiteRequests(config.publicOrigin));
  // A customer's kept menu parts are kept per mark of their last change (decision 049).
  app.use(markCartWrites({ secure: config.publicOrigin.startsWith("https:") }));
  // Before the kept pages, which answer most storefront pages without Remix (decision 054).
  app.use(countPageViews(() => analytics));

  // Unchanged polls of an order's status page get their 304 before Remix runs (decision 008),
  // and before Express (below).
  const statusStamps = orderStatusNotModified(database.db, { origin: config.publicOrigin });

  // A change of reference data through any instance (or by hand in SQL) clears what this one
  // keeps of it at once: its reference data, the status stamps, the kept pages (decision 032).
  const kept: Forgettable[] = [statusStamps, images];
  // A customer's cart goes into the kept menu page's slots (decision 049): the app's build
  // renders those parts; it is loaded below.
  let loadedBuild: ServerBuild | undefined;
  let ownAddress: { host: string; port: number } | null = null;
  if (!config.isDevelopment) {
    const cache = storefrontPageCache(live, {
      visitorParts: visitorPartsOf(
        () => loadedBuild,
        (req) => loadContextFor(req),
      ),
      ownAddress: () => ownAddress,
    });
    kept.push(cache);
    // Before the static files: a kept page need not ask the disk whether it is a file first.
    app.use(cache);
    const checkouts = checkoutPageCache(
      live,
      () => loadedBuild,
      (req) => loadContextFor(req),
    );
    kept.push(checkouts);
    app.use(checkouts);
    const statusPages = statusPageCache(
      () => loadedBuild,
      (req) => loadContextFor(req),
    );
    kept.push(statusPages);
    app.use(statusPages);
  }
  forgetOnReferenceChanges(live, database.db, kept, () => loadedBuild);
  const build = await mountRemix(app, config);
  if (typeof build !== "function") loadedBuild = build;
  const payments = paymentProviders(config);
  const loadContextFor = (req: express.Request): AppLoadContext => ({
    db: database.db,
    config: {
      publicOrigin: config.publicOrigin,
      mode: config.mode,
      dataDir: config.dataDir,
      uploadQuota: config.uploadQuota,
      newCartsPerAddressMinute: config.newCartsPerAddressMinute,
      apiTokenRequestsPerMinute: config.apiTokenRequestsPerMinute,
      storage: config.storage,
      mapTileUrl: config.mapTileUrl,
      pixelScriptUrl: config.pixelScriptUrl,
      signageVideoMaxBytes: config.signageVideoMaxBytes,
      pushEndpoints: config.pushEndpoints,
      webhookPrivateAddresses: config.webhookPrivateAddresses,
    },
    secrets: { session: config.sessionSecret },
    cspNonce: "",
    payments,
    live,
    clientAddress: req.ip ?? req.socket.remoteAddress ?? "",
    analytics,
    webhooks,
  });
  app.all(
    "*",
    createRequestHandler({
      build,
      mode: config.isDevelopment ? "development" : "production",
      getLoadContext: (req, res) => ({
        ...loadContextFor(req),
        cspNonce: String(res.locals.cspNonce ?? ""),
        // A document's loaders put the visitor's part aside for the page (decision 049).
        documentParts: documentPartsFor(req),
      }),
    }),
  );
  app.use(quietAfterBodyRefused);

  // What fails outside a loader or an action (the load context, a middleware): a database
  // that is away is a 503 here too, anything else a German 500 and one line in the log, not
  // Express's English page with the stack (issue 35).
  app.use(
    (error: unknown, req: express.Request, res: express.Response, next: express.NextFunction) => {
      if (res.headersSent) return next(error);
      if (isDatabaseUnavailable(error)) return sendDatabaseUnavailable(req, res);
      logServerError(error, { method: req.method, url: req.originalUrl });
      void sendRefusal(
        res,
        refusal(pathOf(req.originalUrl), 500, de.errors.internalText, de.errors.internalTitle),
      );
    },
  );

  // A kept image size is answered before Express: its router, request decoration and query
  // parsing cost more than the answer itself (decision 038).
  // So are CloudPRNT printers' polls, every two seconds each (decision 064), and the unchanged
  // polls of an order's status page, every ten seconds per open page (decision 008).
  const polls = quickCloudPrntPolls(database.db);
  const handle = (req: IncomingMessage, res: ServerResponse) =>
    images(req, res, () => polls(req, res, () => statusStamps(req, res, () => app(req, res))));
  const server = createServer(handle);
  // An idle connection stays open for 65 s, not Node's 5 s: a client that sends on a connection at
  // the moment the server closes it gets a reset instead of an answer (CI, stop 34: a receipt's
  // ESC/POS download 6 s after the test's previous request). Proxies and load balancers keep
  // theirs for 60 s, so they close first; browsers retry such a reset, other clients do not.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  // This process alone, on a port of its own (exclusive: not shared through the cluster): the
  // kept pages ask themselves here for a page a customer found missing (decision 049).
  const own = createServer(handle);
  own.listen({ port: 0, host: "127.0.0.1", exclusive: true }, () => {
    const address = own.address();
    if (typeof address === "object" && address) {
      ownAddress = { host: "127.0.0.1", port: address.port };
    }
  });
  own.unref();
  server.listen(config.port, config.host, () => {
    // A worker's "ready" is announced by the first process once all of them listen.
    if (cluster.isWorker) return;
    const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    log(`Shop läuft auf http://localhost:${port} (${database.kind}, bereit nach ${seconds} s)`);
  });
  server.on("error", (error: NodeJS.ErrnoException) =>
    fail(
      error.code === "EADDRINUSE"
        ? new BootError(`Port ${config.port} ist bereits belegt.`)
        : error,
    ),
  );
  handleShutdown(
    server,
    database,
    outbox,
    live,
    cleanup,
    analytics,
    retention,
    rollups,
    printing,
    pushing,
    webhooks,
    customerData,
  );
}

/**
 * WEB_CONCURRENCY > 1: this process migrates and seeds the database once, then starts that many
 * server processes sharing the port (node:cluster hands the connections round) and keeps them
 * running. One that dies is replaced after a pause that grows while its replacements keep dying
 * young; after too many such deaths in a row this process stops the rest and exits non-zero, so
 * that a supervisor restarting on failure takes over (app/server/worker-restarts.server.ts,
 * docs/decisions/026). A process that dies before the shop first listened means the start failed
 * (e.g. the port is taken): everything stops at once. SIGTERM/SIGINT go to every process; each
 * finishes its requests as a single server would, and this one exits 0 when all have.
 */
async function runProcesses(config: AppConfig, startedAt: number): Promise<void> {
  const database = await openAppDatabase(config);
  try {
    if (config.seedDemoData) await seedIfEmpty(database, log, config);
  } finally {
    await database.close().catch(() => undefined);
  }
  const policy = restartPolicy();
  let stopping = false;
  let exitCode = 0;
  let listening = 0;
  let announced = false;
  const everListened = new Set<number>();
  const slots = new Map<number, { slot: number; startedAt: number }>();
  // Pending replacements keep this process alive: with every worker dead and only unref'd
  // timers left, Node would end it with code 0 and no supervisor would notice.
  const pending = new Set<NodeJS.Timeout>();
  cluster.setupPrimary({
    execArgv: workerExecArgv(process.execArgv, process.env.NODE_OPTIONS, config.processHeapMb),
  });
  const start = (slot: number) => {
    const worker = cluster.fork({
      ...workerEnv(process.env),
      [WORKER_SLOT_VARIABLE]: String(slot),
    });
    slots.set(worker.id, { slot, startedAt: performance.now() });
  };
  // A worker whose process has exited can still be listed: node:cluster removes it only once its
  // IPC channel is closed too, and Node does not promise which of the two comes first. Counted, it
  // would keep the last 'exit' from finishing, and this process would end silently once idle.
  const alive = () =>
    Object.values(cluster.workers ?? {}).filter((worker) => worker && !worker.isDead()).length;
  const finish = () => {
    for (const timer of pending) clearTimeout(timer);
    pending.clear();
    if (alive() > 0) return;
    log(exitCode === 0 ? "Server beendet." : "Server beendet (aufgegeben).");
    process.exit(exitCode);
  };
  const stopAll = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    finish();
  };
  cluster.on("listening", (worker, address) => {
    everListened.add(worker.id);
    listening += 1;
    if (announced) {
      log(`Neuer Serverprozess ${worker.process.pid} nimmt Anfragen an.`);
      return;
    }
    if (listening !== config.processes) return;
    announced = true;
    const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
    log(
      `Shop läuft auf http://localhost:${address.port} (pg, ${config.processes} Prozesse, ` +
        `bereit nach ${seconds} s)`,
    );
  });
  cluster.on("exit", (worker, code, signal) => {
    if (everListened.has(worker.id)) listening -= 1;
    const place = slots.get(worker.id);
    slots.delete(worker.id);
    if (stopping) return finish();
    if (!announced && !everListened.has(worker.id)) {
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill("SIGTERM");
      fail(new BootError(`Ein Serverprozess ist beim Start gescheitert (${signal ?? code}).`));
    }
    const slot = place?.slot ?? 0;
    const decision = policy.died(slot, place ? performance.now() - place.startedAt : 0);
    if (decision.action === "give-up") {
      console.error(
        `Serverprozess ${worker.process.pid} beendet (${signal ?? code}); ` +
          `${decision.streak} Prozesse in Folge sind nach weniger als ` +
          `${policy.stableAfterMs / 1000} s gestorben: gebe auf.`,
      );
      exitCode = 1;
      return stopAll();
    }
    log(
      `Serverprozess ${worker.process.pid} beendet (${signal ?? code}); ` +
        `starte einen neuen in ${decision.delayMs / 1000} s.`,
    );
    const timer = setTimeout(() => {
      pending.delete(timer);
      if (!stopping) start(slot);
    }, decision.delayMs);
    pending.add(timer);
  });
  const stop = (signal: string) => {
    if (stopping) return;
    log(`${signal} empfangen: nehme keine neuen Anfragen an, beende laufende.`);
    stopAll();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  for (let slot = 0; slot < config.processes; slot++) start(slot);
}

/**
 * The Prometheus endpoint on its own port (never the shop's): a port that is taken stops the
 * start, as the shop's own would.
 */
function serveMetrics(address: { port: number; host: string }, clustered: boolean): void {
  const server = startMetricsServer({
    ...address,
    clustered,
    onListening: (port) => log(`Kennzahlen unter http://${address.host}:${port}/metrics`),
    onError: (error) =>
      fail(
        error.code === "EADDRINUSE"
          ? new BootError(`Port ${address.port} für die Kennzahlen ist bereits belegt.`)
          : error,
      ),
  });
  server.unref();
}

/**
 * PGlite listens at once; a PostgreSQL server that is slow to take the LISTEN connection does not
 * hold up the start (the listener keeps trying, and boards reload once it is there).
 */
async function waitForLive(live: LiveOrders): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const waited = await Promise.race([
    live.ready().then(() => true),
    new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), 5_000))),
  ]).catch(() => false);
  clearTimeout(timer);
  if (!waited) log("Live-Aktualisierung noch nicht bereit; der Server startet trotzdem.");
}

/** Production serves the built client; development runs Vite as middleware. */
async function mountRemix(
  app: express.Express,
  config: AppConfig,
): Promise<ServerBuild | (() => Promise<ServerBuild>)> {
  if (config.isDevelopment) {
    const vite = await import("vite");
    const devServer = await vite.createServer({ server: { middlewareMode: true } });
    app.use(devServer.middlewares);
    return async () =>
      answerDatabaseOutages(
        withRouteDefaults(
          (await devServer.ssrLoadModule("virtual:remix/server-build")) as ServerBuild,
        ),
        { log },
      );
  }
  const client = path.join(BUILD_DIR, "client");
  const assets = path.join(client, "assets");
  const serviceWorkerFile = path.resolve(client, "build", "service-worker.js");
  app.use("/assets", ...hashedAssets(assets));
  app.use(
    express.static(client, {
      maxAge: "1h",
      // The app's worker lives under /build but serves the whole site (decision 052); the
      // browser checks it for updates, so it is never taken from the HTTP cache.
      setHeaders(res, file) {
        if (file === serviceWorkerFile) {
          res.setHeader("Service-Worker-Allowed", "/");
          res.setHeader("Cache-Control", "no-cache");
        }
      },
    }),
  );
  const build = (await import(path.join(BUILD_DIR, "server", "index.js"))) as ServerBuild;
  return answerDatabaseOutages(withRouteDefaults(build), { log });
}

function handleShutdown(
  server: Server,
  database: DatabaseHandle,
  outbox: OutboxWorker,
  live: LiveOrders,
  cleanup: CleanupWorker,
  analytics: AnalyticsRecorder,
  retention: RetentionWorker,
  rollups: RollupWorker,
  printing: { stop(): Promise<void> },
  pushing: { stop(): Promise<void> } | null,
  webhooks: WebhookWorker,
  customerData: CustomerDataWorker,
): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    // With several processes the first one speaks for all of them.
    const say = cluster.isWorker ? () => undefined : log;
    say(`${signal} empfangen: nehme keine neuen Anfragen an, beende laufende.`);
    const force = setTimeout(() => {
      server.closeAllConnections();
    }, 10_000);
    force.unref();
    // Open event streams never end by themselves: end them (the browsers reconnect to another
    // instance), and close each connection as soon as its answer is complete, rather than after
    // the keep-alive timeout.
    const liveClosed = live.close().catch(() => undefined);
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    idle.unref();
    server.close(async () => {
      clearInterval(idle);
      // The outbox worker finishes its batch first: it needs the pool that closes next.
      await outbox.stop().catch(() => undefined);
      await webhooks.stop().catch(() => undefined);
      await cleanup.stop().catch(() => undefined);
      await customerData.stop().catch(() => undefined);
      // The page views and events still waiting in memory are written before the pool closes.
      await retention.stop().catch(() => undefined);
      await analytics.stop().catch(() => undefined);
      await rollups.stop().catch(() => undefined);
      await printing.stop().catch(() => undefined);
      await pushing?.stop().catch(() => undefined);
      await liveClosed;
      await database.close().catch(() => undefined);
      say("Server beendet.");
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  // The first process is gone (killed hard): no process is left to replace this one or to stop it.
  if (cluster.isWorker) process.on("disconnect", () => stop("disconnect"));
}

function fail(error: unknown): never {
  const known = error instanceof ConfigError || error instanceof BootError;
  const message = error instanceof Error ? error.message : String(error);
  // A plain line on standard error, not a log entry: the start ended before there was a log to
  // speak of, and the one reading it is the person who started the shop.
  console.error(`Start abgebrochen: ${known ? message : ((error as Error)?.stack ?? message)}`);
  process.exit(1);
}

main().catch(fail);
