import pg from "pg";
import { sql, type Kysely } from "kysely";
import type { PGlite } from "@electric-sql/pglite";
import type { Database } from "#app/db/schema";
import type { DatabaseHandle } from "#app/db/connection.server";
import { de } from "#app/i18n/de-staff";
import {
  concernsBranches,
  forBoard,
  parseOrderNotification,
  type LiveOrderEvent,
} from "#app/domain/live-events";
import {
  eventStreamResponse,
  type EventStreamOptions,
  type EventStreamSink,
} from "./event-stream.server";
import { appLogger } from "./logger.server";

/**
 * The instance's NOTIFY hub (named `live-orders` until issue 37; it carries every channel, not
 * only the orders). Live updates for the order boards, the task lists, carts, staff sessions and
 * the storefront's kept pages, fed by PostgreSQL `LISTEN/NOTIFY` so that they work with any
 * number of app instances: a trigger announces every new or changed order on the channel
 * `orders` (migrations/2026_11_22_0020_order_notify.ts), every change of the shop's reference data
 * (settings, branches, the catalogue, content) on `reference_data`
 * (migrations/2026_11_25_0100_reference_notify.ts, docs/decisions/032), and every instance has
 * exactly one listener that hands the events to its subscribers in memory (the open event streams,
 * the storefront's kept pages).
 *
 * - On PostgreSQL the listener is a connection of its own, outside the pool (a pooled connection
 *   would lose its LISTEN when handed back). When it is lost it reconnects with growing pauses,
 *   LISTENs again and tells every subscriber `reload`: what happened meanwhile is not replayed.
 *   A ping every `pingIntervalMs` notices a connection that died silently.
 * - On PGlite the embedded database's own `listen` is used; there is nothing to lose.
 */
export const ORDERS_CHANNEL = "orders";
/** Every statement that changes reference data; the payload is the new stamp (decision 032). */
export const REFERENCE_DATA_CHANNEL = "reference_data";
/** The older, hand-sent form of `reference_data` (`notifyCatalogueChanged`); treated alike. */
export const CATALOGUE_CHANNEL = "catalogue";
/** Ended staff sessions ('session:<id>' or 'user:<id>', decision 028): their streams close. */
export const STAFF_SESSIONS_CHANNEL = "staff_sessions";
/** A cart's version changed or the cart was deleted; the payload is its id (issue 18). */
export const CARTS_CHANNEL = "carts";
/** A task changed (`{ id, branchId, op }`, sent by a trigger; decision 061). */
export const TASKS_CHANNEL = "tasks_changed";
/** A work queue has a row due (the table's name, sent by a trigger; decision 119). */
export const QUEUES_CHANNEL = "queues";
const CHANNELS = [
  ORDERS_CHANNEL,
  REFERENCE_DATA_CHANNEL,
  CATALOGUE_CHANNEL,
  STAFF_SESSIONS_CHANNEL,
  CARTS_CHANNEL,
  TASKS_CHANNEL,
  QUEUES_CHANNEL,
] as const;

/** The staff session a stream was opened with. */
export interface StreamSession {
  userId: number;
  sessionId: number;
}

export interface LiveSubscription {
  /** The branches whose orders the subscriber shows; `null` for every branch. */
  branchIds: readonly number[] | null;
  onEvent(event: LiveOrderEvent): void;
  /**
   * The listener is shutting down (SIGTERM), or the stream's session was ended: end the stream,
   * so the browser reconnects (elsewhere, or into the sign-in).
   */
  onClose?(): void;
  /** The session the stream belongs to: ending it ends the stream, in every instance. */
  session?: StreamSession;
}

export interface LiveStatus {
  /** Whether LISTEN is in place right now. */
  listening: boolean;
  /** The PostgreSQL backend of the listening connection (null on PGlite or while reconnecting). */
  backendPid: number | null;
  /** Successful LISTENs after a lost connection. */
  reconnects: number;
  subscribers: number;
}

export interface LiveOrders {
  subscribe(subscription: LiveSubscription): () => void;
  /**
   * Called on every change of reference data (a `reference_data` or `catalogue` notification),
   * and after a reconnect (one may have been missed). While `status().listening` is false a change
   * may go unheard: whatever is kept on the strength of these calls must not be trusted then.
   */
  onReferenceDataChanged(listener: () => void): () => void;
  /** @deprecated The same as `onReferenceDataChanged`. */
  onCatalogueChanged(listener: () => void): () => void;
  /**
   * Called with a cart's id when its version changed or it was deleted (a `carts` notification),
   * and with null after a reconnect (any may have been missed). The same caveat: nothing kept on
   * the strength of these calls may be trusted while `status().listening` is false.
   */
  onCartChanged(listener: (cartId: string | null) => void): () => void;
  /**
   * Called with a task's branch when a task changed (a `tasks_changed` notification), and with
   * null after a reconnect (any may have been missed); the open task lists reload (decision 061).
   */
  onTaskChanged(listener: (branchId: number | null) => void): () => void;
  /**
   * Called with a queue's table when it has a row due (a `queues` notification), and with null
   * after a reconnect (any may have been missed); the workers start a round (decision 119).
   */
  onQueueWork(listener: (table: string | null) => void): () => void;
  /** Resolves once the first LISTEN is in place. */
  ready(): Promise<void>;
  status(): LiveStatus;
  /** Ends every subscription (`onClose`), then the listening connection. */
  close(): Promise<void>;
}

export interface LiveOrdersOptions {
  log?: (line: string) => void;
  /**
   * First pause before reconnecting; doubles up to `maxBackoffMs`. Defaults 250 ms and 2 s: after
   * a database restart the boards catch up within about 2 s of its return (decision 026), and
   * one attempt per 2 s per instance costs a database that is away nothing.
   */
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  /** How often the PostgreSQL connection is checked with `select 1`; default 30 s. */
  pingIntervalMs?: number;
  /** How long a connect or a ping may take before the connection counts as lost; default 5 s. */
  timeoutMs?: number;
}

interface Handlers {
  notification(channel: string, payload: string): void;
  /** LISTEN is in place again after a lost connection: events may have been missed. */
  resumed(): void;
}

interface Source {
  ready: Promise<void>;
  status(): Pick<LiveStatus, "listening" | "backendPid" | "reconnects">;
  close(): Promise<void>;
}

/** Which of these sessions still run (not revoked, not expired, the account not locked). */
async function runningSessionIds(
  db: Kysely<Database>,
  ids: readonly number[],
  now: Date,
): Promise<Set<number>> {
  const rows = await db
    .selectFrom("staffSessions")
    .innerJoin("users", "users.id", "staffSessions.userId")
    .select("staffSessions.id")
    .where("staffSessions.id", "in", [...ids])
    .where("staffSessions.revokedAt", "is", null)
    .where("staffSessions.expiresAt", ">", now)
    .where("users.isLocked", "=", false)
    .execute();
  return new Set(rows.map((row) => row.id));
}

type ListenTarget = Pick<DatabaseHandle, "db" | "kind" | "pglite" | "databaseUrl">;

export function startLiveOrders(target: ListenTarget, options: LiveOrdersOptions = {}): LiveOrders {
  const log = options.log ?? ((line: string) => appLogger().info(line));
  const subscriptions = new Set<LiveSubscription>();
  const referenceListeners = new Set<() => void>();
  const cartListeners = new Set<(cartId: string | null) => void>();
  const taskListeners = new Set<(branchId: number | null) => void>();
  const queueListeners = new Set<(table: string | null) => void>();
  let closing = false;

  const safely = (what: string, work: () => void) => {
    try {
      work();
    } catch (error) {
      log(`Live-Aktualisierung: ${what} fehlgeschlagen: ${(error as Error).message}`);
    }
  };

  const end = (subscription: LiveSubscription) => {
    subscriptions.delete(subscription);
    safely("Abmeldung", () => subscription.onClose?.());
  };

  const closeEndedSessions = async (bound: LiveSubscription[], attempts: number) => {
    const ids = bound.map((subscription) => subscription.session!.sessionId);
    const running = await runningSessionIds(target.db, ids, new Date()).catch(() => null);
    if (!running) {
      if (attempts > 1)
        setTimeout(() => void closeEndedSessions(bound, attempts - 1), 1_000).unref();
      return;
    }
    for (const subscription of bound) {
      if (!running.has(subscription.session!.sessionId) && subscriptions.has(subscription)) {
        end(subscription);
      }
    }
  };

  const handlers: Handlers = {
    notification(channel, payload) {
      if (channel === STAFF_SESSIONS_CHANNEL) {
        const ended = /^(session|user):(\d+)$/.exec(payload);
        if (!ended) return;
        const [, kind, id] = ended;
        for (const subscription of [...subscriptions]) {
          const session = subscription.session;
          const match = kind === "user" ? session?.userId : session?.sessionId;
          if (match === Number(id)) end(subscription);
        }
        return;
      }
      if (channel === REFERENCE_DATA_CHANNEL || channel === CATALOGUE_CHANNEL) {
        for (const listener of [...referenceListeners]) safely("Stammdaten-Hinweis", listener);
        return;
      }
      if (channel === CARTS_CHANNEL) {
        for (const listener of [...cartListeners]) {
          safely("Warenkorb-Hinweis", () => listener(payload));
        }
        return;
      }
      if (channel === QUEUES_CHANNEL) {
        for (const listener of [...queueListeners]) {
          safely("Warteschlangen-Hinweis", () => listener(payload));
        }
        return;
      }
      if (channel === TASKS_CHANNEL) {
        const branchId = Number((/"branchId"\s*:\s*(\d+)/.exec(payload) ?? [])[1]);
        if (!Number.isInteger(branchId)) return;
        for (const listener of [...taskListeners]) {
          safely("Aufgaben-Hinweis", () => listener(branchId));
        }
        return;
      }
      if (channel !== ORDERS_CHANNEL) return;
      const event = parseOrderNotification(payload);
      if (!event) {
        log(`Live-Aktualisierung: unlesbare Nachricht ignoriert: ${payload.slice(0, 200)}`);
        return;
      }
      for (const subscription of [...subscriptions]) {
        if (concernsBranches(event, subscription.branchIds)) {
          safely("Weitergabe", () => subscription.onEvent(event));
        }
      }
    },
    resumed() {
      // Every board catches up on what it missed while the listener was away.
      for (const subscription of [...subscriptions]) {
        safely("Weitergabe", () => subscription.onEvent({ kind: "reload" }));
      }
      // Kept pages and reference data go too: a change may have been missed.
      for (const listener of [...referenceListeners]) safely("Stammdaten-Hinweis", listener);
      for (const listener of [...cartListeners]) safely("Warenkorb-Hinweis", () => listener(null));
      for (const listener of [...taskListeners]) safely("Aufgaben-Hinweis", () => listener(null));
      for (const listener of [...queueListeners]) {
        safely("Warteschlangen-Hinweis", () => listener(null));
      }
      // A session may have ended unheard meanwhile: those streams end (the browser's reconnect
      // meets the sign-in check). The database may still be flapping: the check is tried again
      // a few times; until it succeeds, the streams stay (a restart must not end every board).
      const bound = [...subscriptions].filter((subscription) => subscription.session);
      if (bound.length > 0) void closeEndedSessions(bound, 10);
    },
  };

  const source: Source =
    target.kind === "pglite"
      ? pgliteSource(target.db, target.pglite, handlers, log)
      : pgSource(target.databaseUrl, handlers, log, options);

  const onReference = (listener: () => void) => {
    referenceListeners.add(listener);
    return () => {
      referenceListeners.delete(listener);
    };
  };

  return {
    subscribe(subscription) {
      if (closing) {
        safely("Abmeldung", () => subscription.onClose?.());
        return () => {};
      }
      subscriptions.add(subscription);
      return () => {
        subscriptions.delete(subscription);
      };
    },
    onReferenceDataChanged: onReference,
    onCatalogueChanged: onReference,
    onCartChanged(listener) {
      cartListeners.add(listener);
      return () => {
        cartListeners.delete(listener);
      };
    },
    onTaskChanged(listener) {
      taskListeners.add(listener);
      return () => {
        taskListeners.delete(listener);
      };
    },
    onQueueWork(listener) {
      queueListeners.add(listener);
      return () => {
        queueListeners.delete(listener);
      };
    },
    ready: () => source.ready,
    status: () => ({ ...source.status(), subscribers: subscriptions.size }),
    async close() {
      if (closing) return;
      closing = true;
      for (const subscription of [...subscriptions]) {
        subscriptions.delete(subscription);
        safely("Abmeldung", () => subscription.onClose?.());
      }
      referenceListeners.clear();
      cartListeners.clear();
      taskListeners.clear();
      queueListeners.clear();
      await source.close();
    },
  };
}

/** A stream asked of a context without a listener (tests): 503, and the page stays as it is. */
function streamUnavailable(): Response {
  return new Response(de.liveOrders.unavailable, {
    status: 503,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

type LiveStreamOptions = EventStreamOptions & { session?: StreamSession };

/** An event stream of these branches' changes (`null`: all), ending with the session if given. */
type BranchStream = (
  request: Request,
  live: LiveOrders | undefined,
  branchIds: readonly number[] | null,
  options?: LiveStreamOptions,
) => Response;

/** The listener's events as an event stream, or 503 without a listener (a context for tests). */
function liveStream(
  request: Request,
  live: LiveOrders | undefined,
  options: LiveStreamOptions,
  subscribe: (sink: EventStreamSink, live: LiveOrders) => (() => void) | void,
): Response {
  if (!live) return streamUnavailable();
  return eventStreamResponse(request, (sink) => subscribe(sink, live), options);
}

/**
 * The board's event stream for these branches: `order` events (`{ kind, id, branchId }`) and
 * `reload` after the listener lost events. Without a listener (a context built for tests) it
 * answers 503, and the board falls back to refreshing itself.
 */
export const liveOrderEventStream: BranchStream = (request, live, branchIds, options = {}) =>
  liveStream(request, live, options, (sink, listener) =>
    listener.subscribe({
      branchIds,
      session: options.session,
      onEvent: (event) => {
        const data = forBoard(event);
        sink.send(data.kind === "reload" ? "reload" : "order", data);
      },
      onClose: () => sink.close(),
    }),
  );

/**
 * Tells every instance that menus, products, branches or texts changed, so that each clears its
 * storefront page cache (docs/decisions/010). Inside a transaction it is sent on commit, and not
 * at all on a rollback: call it with the transaction that made the change.
 *
 * @deprecated Not needed for the reference tables: their triggers announce every change
 * (decision 032). For a change they cannot see, use `referenceDataChanged`
 * (app/features/shared/reference-data.server.ts), which also moves the stamp.
 */
export async function notifyCatalogueChanged(db: Kysely<Database>): Promise<void> {
  await sql`select pg_notify(${CATALOGUE_CHANNEL}, '')`.execute(db);
}

/**
 * Tells every instance that a staff session (or all of a user's) ended, so that the event
 * streams opened with it close at once. Sent on commit: call it with the ending transaction.
 */
export async function notifySessionsEnded(
  db: Kysely<Database>,
  ended: { sessionId: number } | { userId: number },
): Promise<void> {
  const payload = "userId" in ended ? `user:${ended.userId}` : `session:${ended.sessionId}`;
  await sql`select pg_notify(${STAFF_SESSIONS_CHANNEL}, ${payload})`.execute(db);
}

function pgliteSource(
  db: Kysely<Database>,
  pglite: PGlite | undefined,
  handlers: Handlers,
  log: (line: string) => void,
): Source {
  if (!pglite) throw new Error("Die eingebettete Datenbank hat keinen PGlite-Client.");
  const unlisteners: (() => Promise<void>)[] = [];
  let listening = false;
  let closed = false;
  // Kysely's PGlite driver runs transactions as BEGIN … COMMIT on the one client; holding its
  // connection keeps the LISTEN out of someone's transaction (a rollback would undo it).
  const ready = db
    .connection()
    .execute(async () => {
      for (const channel of CHANNELS) {
        unlisteners.push(
          await pglite.listen(channel, (payload) => {
            // PGlite calls back in a microtask: an exception there would end the process.
            try {
              handlers.notification(channel, payload);
            } catch (error) {
              log(`Live-Aktualisierung: ${(error as Error).message}`);
            }
          }),
        );
      }
      listening = !closed;
    })
    .catch((error: Error) => {
      log(`Live-Aktualisierung nicht verfügbar: ${error.message}`);
      throw error;
    });
  ready.catch(() => undefined);
  return {
    ready,
    status: () => ({ listening, backendPid: null, reconnects: 0 }),
    async close() {
      closed = true;
      await ready.catch(() => undefined);
      listening = false;
      if (pglite.closed) return;
      await db
        .connection()
        .execute(async () => {
          for (const unlisten of unlisteners.splice(0)) await unlisten();
        })
        .catch(() => undefined);
    },
  };
}

function pgSource(
  connectionString: string | undefined,
  handlers: Handlers,
  log: (line: string) => void,
  options: LiveOrdersOptions,
): Source {
  if (!connectionString) throw new Error("Für LISTEN fehlt die DATABASE_URL.");
  const initialBackoffMs = options.initialBackoffMs ?? 250;
  const maxBackoffMs = options.maxBackoffMs ?? 2_000;
  const pingIntervalMs = options.pingIntervalMs ?? 30_000;
  const timeoutMs = options.timeoutMs ?? 5_000;

  let client: pg.Client | null = null;
  let listening = false;
  let backendPid: number | null = null;
  let reconnects = 0;
  let failures = 0;
  let everListened = false;
  let missedSome = false;
  let stopped = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let markReady = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const connect = async () => {
    retryTimer = undefined;
    if (stopped) return;
    const current = new pg.Client({
      connectionString,
      application_name: "backstube-live",
      keepAlive: true,
      connectionTimeoutMillis: timeoutMs,
    });
    client = current;
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (client === current) {
        client = null;
        listening = false;
        backendPid = null;
      }
      if (pingTimer) clearInterval(pingTimer);
      pingTimer = undefined;
      current.removeAllListeners("notification");
      current.end().catch(() => undefined);
      if (stopped) return;
      missedSome = true;
      failures += 1;
      const pause = Math.min(initialBackoffMs * 2 ** Math.min(failures - 1, 16), maxBackoffMs);
      const jittered = Math.round(pause * (0.8 + Math.random() * 0.4));
      log(
        `Live-Aktualisierung: Verbindung ${everListened ? "verloren" : "nicht möglich"}` +
          `${error ? ` (${error.message})` : ""}; neuer Versuch in ${jittered} ms.`,
      );
      retryTimer = setTimeout(() => void connect(), jittered);
      retryTimer.unref?.();
    };
    // After a lost connection the client emits 'error' and/or 'end'; both lead here once.
    current.on("error", onLost);
    current.on("end", () => onLost());
    current.on("notification", (message) => {
      handlers.notification(message.channel, message.payload ?? "");
    });
    try {
      await current.connect();
      for (const channel of CHANNELS) await current.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      const { rows } = await current.query<{ pid: number }>("select pg_backend_pid() as pid");
      if (lost) return;
      if (stopped) {
        await current.end().catch(() => undefined);
        return;
      }
      listening = true;
      backendPid = rows[0]?.pid ?? null;
      failures = 0;
      const resumed = missedSome;
      if (resumed && everListened) reconnects += 1;
      if (resumed) log("Live-Aktualisierung: wieder verbunden.");
      everListened = true;
      missedSome = false;
      markReady();
      pingTimer = setInterval(() => void ping(current, onLost), pingIntervalMs);
      pingTimer.unref?.();
      if (resumed) handlers.resumed();
    } catch (error) {
      onLost(error as Error);
    }
  };

  let pinging = false;
  const ping = async (current: pg.Client, onLost: (error?: Error) => void) => {
    // One ping at a time: a query queued behind a hanging one would only hang too.
    if (pinging) return;
    pinging = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("keine Antwort auf ping")), timeoutMs);
    });
    try {
      await Promise.race([current.query("select 1"), timeout]);
    } catch (error) {
      onLost(error as Error);
    } finally {
      clearTimeout(timer);
      pinging = false;
    }
  };

  void connect();

  return {
    ready,
    status: () => ({ listening, backendPid, reconnects }),
    async close() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      if (pingTimer) clearInterval(pingTimer);
      listening = false;
      const current = client;
      client = null;
      if (!current) return;
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        current.end().catch(() => undefined),
        new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs))),
      ]);
      clearTimeout(timer);
    },
  };
}

/**
 * The task lists' event stream (decision 061): a `task` event (`{ branchId }`) when a task of
 * these branches changed, `reload` after the listener lost events; it ends with the session that
 * opened it. Without a listener it answers 503 and the list stays as it is (a reload shows it).
 */
export const taskEventStream: BranchStream = (request, live, branchIds, options = {}) =>
  liveStream(request, live, options, (sink, listener) => {
    // No orders (no branches): the subscription only brings `reload` and the session's end.
    const unsubscribe = listener.subscribe({
      branchIds: [],
      session: options.session,
      onEvent: (event) => {
        if (event.kind === "reload") sink.send("reload", { kind: "reload" });
      },
      onClose: () => sink.close(),
    });
    const unlisten = listener.onTaskChanged((branchId) => {
      if (branchId === null) sink.send("reload", { kind: "reload" });
      else if (branchIds === null || branchIds.includes(branchId)) {
        sink.send("task", { branchId });
      }
    });
    return () => {
      unsubscribe();
      unlisten();
    };
  });
