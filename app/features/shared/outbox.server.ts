import type { Kysely } from "kysely";
import type { AppConfig } from "#app/config/env.server";
import type { Database, Db, EmailPayload, OutboxKind, SmsPayload } from "#app/db/schema";
import type { MailTransport } from "#app/integrations/mail/mail-transport";
import { smtpTransport } from "#app/integrations/mail/smtp.server";
import { smsProvider } from "#app/integrations/sms/providers.server";
import type { SmsProvider } from "#app/integrations/sms/sms-provider";
import { pauseFor, type QueueWakeup } from "#app/server/queue-wakeup.server";

/**
 * Outgoing e-mail and SMS go through the `outbox` table: written in the same transaction as the
 * order (so an order never exists without its messages, nor a message without its order), sent
 * afterwards by a worker that retries with growing pauses. Any number of app instances may run
 * the worker: each claims its rows with `FOR UPDATE SKIP LOCKED` and a lease, so no row is sent by
 * two at once. Delivery is at least once (a crash between the provider's "accepted" and marking
 * the row sent resends it); for mail the stable Message-ID lets clients recognise such a
 * duplicate, SMS providers offer no such key.
 */

/** Pause after the n-th failed attempt; after the last one the message is given up. */
export const RETRY_DELAYS_MS = [
  60_000, // 1 min
  5 * 60_000, // 5 min
  30 * 60_000, // 30 min
  2 * 3_600_000, // 2 h
  6 * 3_600_000, // 6 h
  12 * 3_600_000, // 12 h
  24 * 3_600_000, // 24 h
] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/**
 * How long a claimed row stays away from other workers while it is being sent. Far longer than
 * the SMTP timeouts, so a slow send is never claimed twice; a crashed worker's rows come back.
 */
export const CLAIM_LEASE_MS = 10 * 60_000;

const DEFAULT_BATCH_SIZE = 20;
const DEFAULT_INTERVAL_MS = 5_000;
const MAX_ERROR_LENGTH = 500;

export interface NewEmail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

/**
 * Queues an e-mail. Call it with the transaction that writes what the mail is about; the mail
 * leaves only if that transaction commits. Answers the outbox row's id.
 */
export async function enqueueEmail(trx: Db, email: NewEmail): Promise<number> {
  const payload: EmailPayload = {
    to: email.to,
    subject: email.subject,
    text: email.text,
    ...(email.html ? { html: email.html } : {}),
  };
  const row = await trx
    .insertInto("outbox")
    .values({ kind: "email", payload: JSON.stringify(payload) })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface NewSms {
  /** The recipient; spaces are dropped, so `+49 761 555 0101` is sent as E.164. */
  to: string;
  text: string;
}

/** Queues a text message, like `enqueueEmail`: it leaves only if `trx` commits. */
export async function enqueueSms(trx: Db, sms: NewSms): Promise<number> {
  const payload: SmsPayload = { to: sms.to.replace(/[^\d+]/g, ""), text: sms.text };
  const row = await trx
    .insertInto("outbox")
    .values({ kind: "sms", payload: JSON.stringify(payload) })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The pause before the next try after `attempts` failed ones, or null to give up. */
export function retryDelay(attempts: number): number | null {
  if (attempts >= MAX_ATTEMPTS) return null;
  return RETRY_DELAYS_MS[Math.max(0, attempts - 1)] ?? null;
}

export interface DeliveryFailure {
  id: number;
  kind: OutboxKind;
  attempts: number;
  error: string;
  /** True when this was the last attempt and the row is now 'failed'. */
  gaveUp: boolean;
  nextAttemptAt: Date | null;
}

export interface DrainResult {
  claimed: number;
  sent: number;
  failures: DeliveryFailure[];
}

/** Where each kind of message leaves; a kind without a channel waits in the outbox. */
export interface OutboxChannels {
  mail?: MailTransport | null;
  sms?: SmsProvider | null;
}

/**
 * Sends the messages that are due at `now`, one batch, each through its channel. Rows of a kind
 * without a channel are not claimed and stay pending. Safe to run from several processes at once.
 */
export async function drainOutbox(
  db: Kysely<Database>,
  channels: OutboxChannels,
  now: Date,
  options: { batchSize?: number } = {},
): Promise<DrainResult> {
  const result: DrainResult = { claimed: 0, sent: 0, failures: [] };
  const kinds: OutboxKind[] = [
    ...(channels.mail ? (["email"] as const) : []),
    ...(channels.sms ? (["sms"] as const) : []),
  ];
  if (kinds.length === 0) return result;
  const claimed = await claimDue(db, kinds, now, options.batchSize ?? DEFAULT_BATCH_SIZE);
  result.claimed = claimed.length;
  for (const row of claimed) {
    try {
      if (row.kind === "sms") {
        await channels.sms!.send(smsPayload(row.payload));
      } else {
        await channels.mail!.send({
          ...emailPayload(row.payload),
          messageKey: `outbox-${row.id}-${row.createdAt.getTime()}`,
        });
      }
      await db
        .updateTable("outbox")
        .set({ status: "sent", sentAt: now, lastError: null })
        .where("id", "=", row.id)
        .execute();
      result.sent += 1;
    } catch (error) {
      result.failures.push(await recordFailure(db, row, error, now));
    }
  }
  return result;
}

/**
 * One statement claims a batch: the due rows are locked (skipping those another worker holds),
 * counted as attempted and pushed out of everybody's reach for the lease.
 */
async function claimDue(db: Kysely<Database>, kinds: OutboxKind[], now: Date, limit: number) {
  return db
    .updateTable("outbox")
    .set((eb) => ({
      attempts: eb("attempts", "+", 1),
      nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS),
    }))
    .where("id", "in", (eb) =>
      eb
        .selectFrom("outbox")
        .select("id")
        .where("status", "=", "pending")
        .where("kind", "in", kinds)
        .where("nextAttemptAt", "<=", now)
        .orderBy("nextAttemptAt")
        .orderBy("id")
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning(["id", "kind", "payload", "attempts", "createdAt"])
    .execute();
}

async function recordFailure(
  db: Kysely<Database>,
  row: { id: number; kind: OutboxKind; attempts: number },
  error: unknown,
  now: Date,
): Promise<DeliveryFailure> {
  const message = describe(error).slice(0, MAX_ERROR_LENGTH);
  const delay = error instanceof InvalidPayloadError ? null : retryDelay(row.attempts);
  const nextAttemptAt = delay === null ? null : new Date(now.getTime() + delay);
  await db
    .updateTable("outbox")
    .set({
      status: nextAttemptAt ? "pending" : "failed",
      lastError: message,
      ...(nextAttemptAt ? { nextAttemptAt } : {}),
    })
    .where("id", "=", row.id)
    .execute();
  return {
    id: row.id,
    kind: row.kind,
    attempts: row.attempts,
    error: message,
    gaveUp: !nextAttemptAt,
    nextAttemptAt,
  };
}

class InvalidPayloadError extends Error {}

function emailPayload(payload: unknown): EmailPayload {
  const candidate = payload as Partial<EmailPayload> | null;
  if (
    typeof candidate?.to !== "string" ||
    typeof candidate.subject !== "string" ||
    typeof candidate.text !== "string"
  ) {
    throw new InvalidPayloadError("Ungültige E-Mail im Postausgang (to, subject, text fehlen)");
  }
  return {
    to: candidate.to,
    subject: candidate.subject,
    text: candidate.text,
    html: typeof candidate.html === "string" ? candidate.html : null,
  };
}

function smsPayload(payload: unknown): SmsPayload {
  const candidate = payload as Partial<SmsPayload> | null;
  if (
    typeof candidate?.to !== "string" ||
    typeof candidate.text !== "string" ||
    candidate.to === "" ||
    candidate.text === ""
  ) {
    throw new InvalidPayloadError("Ungültige SMS im Postausgang (to, text fehlen)");
  }
  return { to: candidate.to, text: candidate.text };
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

export interface OutboxWorker {
  /** Drain now instead of at the next tick (after an order was placed, say). */
  wake(): void;
  /** Stops the timer, waits for a running batch and closes the SMTP connection. */
  stop(): Promise<void>;
}

export interface OutboxWorkerOptions {
  intervalMs?: number;
  /** Woken by announcements, it sleeps until the next message is due (decision 119). */
  wakeup?: QueueWakeup;
  /** Instead of SMTP from the configuration (tests). */
  transport?: MailTransport;
  /** Instead of the SMS provider from the configuration (tests). */
  sms?: SmsProvider;
  now?: () => Date;
}

const KIND_LABELS: Record<OutboxKind, string> = { email: "E-Mail", sms: "SMS" };

/**
 * Drains the outbox every few seconds. Without SMTP_URL no mail leaves, without the TWILIO_*
 * settings no SMS; each missing channel is said once, and its messages wait in the outbox until
 * it is configured.
 */
export function startOutboxWorker(
  db: Kysely<Database>,
  config: Pick<AppConfig, "mail" | "sms">,
  log: (line: string) => void,
  options: OutboxWorkerOptions = {},
): OutboxWorker {
  const transport =
    options.transport ??
    (config.mail.smtpUrl ? smtpTransport(config.mail.smtpUrl, config.mail.from) : null);
  const sms = options.sms ?? smsProvider(config);
  if (!transport) {
    log("SMTP_URL ist nicht gesetzt: E-Mails bleiben im Postausgang (Tabelle outbox) liegen.");
  }
  if (!sms) {
    log(
      "TWILIO_ACCOUNT_SID ist nicht gesetzt: SMS bleiben im Postausgang (Tabelle outbox) liegen.",
    );
  }
  if (!transport && !sms) return { wake: () => undefined, stop: async () => undefined };
  const channels: OutboxChannels = { mail: transport, sms };
  const interval = options.intervalMs ?? DEFAULT_INTERVAL_MS;
  const clock = options.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let lastProblem: string | undefined;

  const schedule = (delay: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(run, delay);
    timer.unref();
  };

  async function drainOnce(): Promise<void> {
    try {
      const result = await drainOutbox(db, channels, clock());
      for (const failure of result.failures) {
        const what = KIND_LABELS[failure.kind];
        log(
          failure.gaveUp
            ? `${what} ${failure.id} endgültig nicht zustellbar nach ${failure.attempts} Versuchen: ${failure.error}`
            : `${what} ${failure.id} nicht gesendet (Versuch ${failure.attempts} von ${MAX_ATTEMPTS}), neuer Versuch ${failure.nextAttemptAt?.toISOString()}: ${failure.error}`,
        );
      }
      lastProblem = undefined;
      // A full batch means more may be due right away.
      again ||= result.claimed >= DEFAULT_BATCH_SIZE;
    } catch (error) {
      // The database may be briefly away: say so once per streak, keep trying.
      const problem = describe(error);
      if (problem !== lastProblem) log(`Postausgang konnte nicht abgearbeitet werden: ${problem}`);
      lastProblem = problem;
    }
  }

  function run(): void {
    if (stopped || running) return;
    running = drainOnce().finally(() => {
      running = undefined;
      const now = again;
      again = false;
      if (now || !options.wakeup) return schedule(now ? 0 : interval);
      const wakeup = options.wakeup;
      void pauseFor(db, wakeup, interval).then((pause) => {
        // A wake in the meantime has scheduled the next round already.
        if (!running && !again) schedule(pause);
      });
    });
  }

  schedule(0);
  return {
    wake() {
      if (stopped) return;
      if (running) again = true;
      else schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      transport?.close();
    },
  };
}
