import http from "node:http";
import https from "node:https";
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { isIP, type LookupFunction } from "node:net";
import { sql, type Kysely } from "kysely";
import type { Database, WebhookEventType } from "#app/db/schema";
import { isPublicAddress } from "#app/integrations/push/push-endpoints.server";
import { EVENT_HEADER, ID_HEADER, SIGNATURE_HEADER, signatureHeader } from "./webhook-signature";
import { pauseFor, type QueueWakeup } from "#app/server/queue-wakeup.server";

/**
 * The webhooks' delivery worker (decision 094). The triggers of migration 2026_12_02_0100 write
 * one `webhook_deliveries` row per event and subscribed endpoint in the transaction that made the
 * change; this worker sends them afterwards, so a slow or absent receiver never slows an order.
 *
 * - Each endpoint is drained by a loop of its own: a slow receiver holds up only itself.
 * - Per endpoint, one subject's events (an order's, a product's) go strictly in sequence: a row is
 *   claimed only while no earlier row of the same endpoint and subject is still pending. Other
 *   subjects go in parallel, up to `concurrency` at once.
 * - Rows are claimed with `FOR UPDATE SKIP LOCKED` and a lease longer than the timeout, so any
 *   number of app instances may run the worker; delivery is at least once (a crash between the
 *   receiver's 2xx and our note resends), and the stable `Webhook-Id` lets receivers drop repeats.
 * - 2xx is delivered; anything else (status, refused connection, timeout) is retried after
 *   10 s, 30 s, 1 min, 2 min, then every 5 min, until three days after the event (then 'failed').
 */

export const WEBHOOK_RETRY_DELAYS_MS = [10_000, 30_000, 60_000, 120_000, 300_000] as const;
export const WEBHOOK_TIMEOUT_MS = 10_000;
const RESPONSE_EXCERPT_CHARS = 2048;
const ERROR_CHARS = 500;
const DEFAULT_CONCURRENCY = 10;
const DEFAULT_INTERVAL_MS = 2_000;

export interface WebhookDeliveryOptions {
  /** Pauses after the 1st, 2nd … failed attempt; the last one repeats (the cap). */
  retryDelaysMs?: readonly number[];
  timeoutMs?: number;
  /** Per endpoint: how many subjects are sent to at once. */
  concurrency?: number;
  /** Private, loopback and link-local receivers (WEBHOOK_PRIVATE_ADDRESSES, decision 094). */
  allowPrivateAddresses?: boolean;
  now?: () => Date;
}

/** The pause after `attempts` failed attempts. */
export function webhookRetryDelay(
  attempts: number,
  delays: readonly number[] = WEBHOOK_RETRY_DELAYS_MS,
): number {
  return delays[Math.min(Math.max(attempts, 1), delays.length) - 1]!;
}

/** The body a receiver gets: `{ id, type, createdAt, data }`. */
export function webhookBody(row: {
  eventId: string;
  eventType: WebhookEventType;
  createdAt: Date;
  data: unknown;
}): string {
  return JSON.stringify({
    id: row.eventId,
    type: row.eventType,
    createdAt: row.createdAt.toISOString(),
    data: row.data,
  });
}

interface ClaimedRow {
  id: number;
  eventId: string;
  eventType: WebhookEventType;
  createdAt: Date;
  data: unknown;
  attempts: number;
  retryUntil: Date;
}

/** The leased rows of one endpoint, each the oldest pending one of its subject. */
async function claimDue(
  db: Kysely<Database>,
  endpointId: number,
  now: Date,
  limit: number,
  leaseMs: number,
): Promise<ClaimedRow[]> {
  const result = await sql<ClaimedRow>`
    update webhook_deliveries
    set attempts = attempts + 1,
      next_attempt_at = ${new Date(now.getTime() + leaseMs)},
      last_attempt_at = ${now}
    where id in (
      select w.id from webhook_deliveries w
      where w.id in (
        -- Each subject's oldest pending row: only it may go (an index scan, whatever the
        -- statistics say; an anti-join planned on a freshly filled table took seconds).
        select oldest.id from (
          select distinct on (d.subject) d.id, d.next_attempt_at
          from webhook_deliveries d
          where d.endpoint_id = ${endpointId} and d.status = 'pending'
          order by d.subject, d.id
        ) oldest
        where oldest.next_attempt_at <= ${now}
      )
        -- Checked again on the row as it is once locked: another worker may have claimed it.
        and w.status = 'pending'
        and w.next_attempt_at <= ${now}
      order by w.id
      limit ${limit}
      for update skip locked
    )
    returning id, event_id as "eventId", event_type as "eventType", created_at as "createdAt",
      data, attempts, retry_until as "retryUntil"`.execute(db);
  return result.rows.map((row) => ({
    ...row,
    createdAt: new Date(row.createdAt),
    retryUntil: new Date(row.retryUntil),
    data: typeof row.data === "string" ? JSON.parse(row.data) : row.data,
  }));
}

export interface SendResult {
  statusCode: number | null;
  response: string | null;
  error: string | null;
}

class RefusedAddressError extends Error {}

function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const list = addresses as unknown as LookupAddress[];
      if (!allowPrivate && list.some((entry) => !isPublicAddress(entry.address))) {
        return callback(
          new RefusedAddressError(`Adresse von ${hostname} ist nicht öffentlich`),
          "",
          0,
        );
      }
      if ((options as { all?: boolean }).all) return callback(null, list as never);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/**
 * Connections to receivers are kept open between deliveries (a busy shop sends each receiver
 * several events a minute; a new connection for each cost the order's process more than the
 * event itself). A connection is checked by the guarded lookup when it is opened, so the pools
 * are kept apart by whether private addresses are allowed: a socket opened under the one rule is
 * never reused under the other. Idle connections close after 4 s, before a receiver's usual
 * keep-alive limit (Node's own is 5 s) closes them under a request.
 */
const agents = new Map<string, http.Agent>();

function agentFor(protocol: string, allowPrivate: boolean): http.Agent {
  const key = `${protocol}${allowPrivate ? "private" : "public"}`;
  let agent = agents.get(key);
  if (!agent) {
    const settings = { keepAlive: true, timeout: 4_000, maxFreeSockets: 32 };
    agent = protocol === "https:" ? new https.Agent(settings) : new http.Agent(settings);
    agents.set(key, agent);
  }
  return agent;
}

/** One POST to the receiver: its status and the first 2 KB of its answer, or why it failed. */
export function sendWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: { timeoutMs: number; allowPrivateAddresses: boolean },
): Promise<SendResult> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return finish({ statusCode: null, response: null, error: "Ungültige Adresse" });
    }
    const host = target.hostname.replace(/^\[|\]$/g, "");
    if (isIP(host) && !options.allowPrivateAddresses && !isPublicAddress(host)) {
      return finish({ statusCode: null, response: null, error: "Adresse ist nicht öffentlich" });
    }
    const client = target.protocol === "https:" ? https : http;
    const request = client.request(
      target,
      {
        method: "POST",
        headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) },
        lookup: guardedLookup(options.allowPrivateAddresses),
        agent: agentFor(target.protocol, options.allowPrivateAddresses),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () =>
          finish({
            statusCode: response.statusCode ?? null,
            response: excerpt(Buffer.concat(chunks).toString("utf8")),
            error: null,
          });
        response.on("data", (chunk: Buffer) => {
          if (size < RESPONSE_EXCERPT_CHARS) chunks.push(chunk);
          size += chunk.length;
          if (size >= RESPONSE_EXCERPT_CHARS) {
            done();
            response.destroy();
          }
        });
        response.on("end", done);
        response.on("error", done);
      },
    );
    const timer = setTimeout(() => {
      request.destroy(new Error(`Keine Antwort nach ${Math.round(options.timeoutMs / 1000)} s`));
    }, options.timeoutMs);
    request.on("error", (error: NodeJS.ErrnoException) =>
      finish({ statusCode: null, response: null, error: describe(error) }),
    );
    request.end(body);
  });
}

function excerpt(text: string): string {
  // PostgreSQL's text holds no NUL.
  return text.replace(/\0/g, "").slice(0, RESPONSE_EXCERPT_CHARS);
}

function describe(error: NodeJS.ErrnoException): string {
  const text = error.code ? `${error.code}: ${error.message}` : error.message || error.name;
  return text.slice(0, ERROR_CHARS);
}

export interface EndpointDrain {
  delivered: number;
  failed: number;
}

/** What became of one attempt, as its row is to note it. */
interface Outcome {
  id: number;
  ok: boolean;
  status: "delivered" | "failed" | "pending";
  deliveredAt: string | null;
  nextAttemptAt: string;
  lastStatusCode: number | null;
  lastResponse: string | null;
  lastError: string | null;
}

async function deliver(
  endpoint: { url: string; secret: string },
  row: ClaimedRow,
  now: () => Date,
  options: Required<Omit<WebhookDeliveryOptions, "now">>,
): Promise<Outcome> {
  const body = webhookBody(row);
  const timestamp = Math.floor(now().getTime() / 1000);
  const result = await sendWebhook(
    endpoint.url,
    {
      "Content-Type": "application/json",
      "User-Agent": "Backstube-Webhooks/1",
      [ID_HEADER]: row.eventId,
      [EVENT_HEADER]: row.eventType,
      [SIGNATURE_HEADER]: signatureHeader(endpoint.secret, timestamp, body),
    },
    body,
    options,
  );
  const at = now();
  const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  const retryAt = new Date(at.getTime() + webhookRetryDelay(row.attempts, options.retryDelaysMs));
  return {
    id: row.id,
    ok,
    status: ok ? "delivered" : retryAt > row.retryUntil ? "failed" : "pending",
    deliveredAt: ok ? at.toISOString() : null,
    nextAttemptAt: (ok ? at : retryAt).toISOString(),
    lastStatusCode: result.statusCode,
    lastResponse: result.response,
    lastError: ok
      ? null
      : (result.error ?? `HTTP ${result.statusCode ?? "?"}`).slice(0, ERROR_CHARS),
  };
}

/**
 * Notes a claim's attempts in one statement rather than one each: with ten receivers an order's
 * events are ten rows, and their notes were most of what the deliveries asked of the database.
 */
async function noteOutcomes(db: Kysely<Database>, outcomes: readonly Outcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  await sql`
    update webhook_deliveries d
    set status = o.status,
      delivered_at = o.delivered_at,
      next_attempt_at = o.next_attempt_at,
      last_status_code = o.last_status_code,
      last_response = o.last_response,
      last_error = o.last_error
    from jsonb_to_recordset(${JSON.stringify(
      outcomes.map((outcome) => ({
        id: outcome.id,
        status: outcome.status,
        delivered_at: outcome.deliveredAt,
        next_attempt_at: outcome.nextAttemptAt,
        last_status_code: outcome.lastStatusCode,
        last_response: outcome.lastResponse,
        last_error: outcome.lastError,
      })),
    )}::jsonb) as o(id integer, status text, delivered_at timestamptz,
      next_attempt_at timestamptz, last_status_code integer, last_response text, last_error text)
    where d.id = o.id`.execute(db);
}

function completeOptions(options: WebhookDeliveryOptions) {
  return {
    retryDelaysMs: options.retryDelaysMs ?? WEBHOOK_RETRY_DELAYS_MS,
    timeoutMs: options.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
    concurrency: options.concurrency ?? DEFAULT_CONCURRENCY,
    allowPrivateAddresses: options.allowPrivateAddresses ?? false,
  };
}

/**
 * Sends one endpoint's due rows until none is due (the next of an order becomes due as soon as
 * its predecessor is delivered). Answers how many went and how many failed.
 */
export async function drainEndpoint(
  db: Kysely<Database>,
  endpointId: number,
  options: WebhookDeliveryOptions = {},
  shouldStop: () => boolean = () => false,
): Promise<EndpointDrain> {
  const complete = completeOptions(options);
  const now = options.now ?? (() => new Date());
  // The lease outlasts the timeout, so a slow send is never claimed by a second worker.
  const leaseMs = complete.timeoutMs * 3 + 30_000;
  const tally: EndpointDrain = { delivered: 0, failed: 0 };
  while (!shouldStop()) {
    const endpoint = await db
      .selectFrom("webhookEndpoints")
      .select(["url", "secret"])
      .where("id", "=", endpointId)
      .where("enabled", "=", true)
      .executeTakeFirst();
    if (!endpoint) break;
    const rows = await claimDue(db, endpointId, now(), complete.concurrency, leaseMs);
    if (rows.length === 0) break;
    const outcomes = await Promise.all(rows.map((row) => deliver(endpoint, row, now, complete)));
    await noteOutcomes(db, outcomes);
    for (const outcome of outcomes) {
      if (outcome.ok) tally.delivered += 1;
      else tally.failed += 1;
    }
    // Everything failed: the receiver is away; the rows wait for their next attempt.
    if (outcomes.every((outcome) => !outcome.ok)) break;
  }
  return tally;
}

/** The enabled endpoints that have a row due now. */
export async function endpointsDue(db: Kysely<Database>, now: Date): Promise<number[]> {
  const rows = await db
    .selectFrom("webhookDeliveries")
    .innerJoin("webhookEndpoints", "webhookEndpoints.id", "webhookDeliveries.endpointId")
    .select("webhookDeliveries.endpointId")
    .distinct()
    .where("webhookDeliveries.status", "=", "pending")
    .where("webhookDeliveries.nextAttemptAt", "<=", now)
    .where("webhookEndpoints.enabled", "=", true)
    .execute();
  return rows.map((row) => row.endpointId);
}

export interface WebhookWorker {
  wake(): void;
  stop(): Promise<void>;
}

/**
 * Every `intervalMs` (2 s) the worker looks for endpoints with due rows and starts a drain for
 * each that has none running; endpoints never wait for each other.
 */
export function startWebhookWorker(
  db: Kysely<Database>,
  log: (line: string) => void,
  options: WebhookDeliveryOptions & {
    intervalMs?: number;
    /** Woken by announcements, it sleeps until the next delivery is due (decision 119). */
    wakeup?: QueueWakeup;
  } = {},
): WebhookWorker {
  const interval = options.intervalMs ?? DEFAULT_INTERVAL_MS;
  const now = options.now ?? (() => new Date());
  const running = new Map<number, Promise<void>>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;
  let lastProblem: string | undefined;

  const schedule = (delay: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delay);
    timer.unref();
  };

  async function look(): Promise<void> {
    try {
      for (const endpointId of await endpointsDue(db, now())) {
        if (running.has(endpointId)) continue;
        const drain = drainEndpoint(db, endpointId, options, () => stopped)
          .then(() => undefined)
          .catch((error: unknown) => {
            log(`Webhooks an Empfänger ${endpointId} unterbrochen: ${String(error)}`);
          })
          .finally(() => running.delete(endpointId));
        running.set(endpointId, drain);
      }
      lastProblem = undefined;
    } catch (error) {
      const problem = error instanceof Error ? error.message : String(error);
      if (problem !== lastProblem) log(`Webhooks konnten nicht abgearbeitet werden: ${problem}`);
      lastProblem = problem;
    }
  }

  function tick(): void {
    if (stopped || ticking) return;
    ticking = look()
      .then(async () => (options.wakeup ? pauseFor(db, options.wakeup, interval) : interval))
      .then((pause) => {
        ticking = undefined;
        schedule(pause);
      });
  }

  schedule(0);
  return {
    wake() {
      if (!stopped && !ticking) schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await ticking;
      await Promise.all(running.values());
    },
  };
}
