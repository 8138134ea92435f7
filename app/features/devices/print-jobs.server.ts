import net from "node:net";
import { sql } from "kysely";
import type { Db, DeviceConnection, PrintJobReason } from "#app/db/schema";
import { encodePc858, receiptToEscPos } from "#app/integrations/printers/escpos";
import { EposSink, printRequestInfo, receiptToEpos } from "#app/integrations/printers/epos-xml";
import {
  layoutProductionTicket,
  productionTicketToEscPos,
} from "#app/integrations/printers/production-layout";
import type { ProductionTicket } from "#app/domain/production-ticket";
import { loadReceipt } from "#app/features/orders/receipt.server";
import { deDevices } from "#app/i18n/de-devices";
import { pauseFor, type QueueWakeup } from "#app/server/queue-wakeup.server";
import { startPeriodicJob } from "#app/server/periodic-job.server";

/**
 * Print jobs (issue 20, decision 056): the only way anything reaches a printer. A job is a row,
 * created in the transaction (or statement) that causes it; its bytes are rendered from the
 * order at the first delivery and kept, so every try sends the same ticket. TCP printers are
 * served by `deliverDueJobs` (one job at a time per worker, one worker at a time per printer).
 */

const ESC = 0x1b;
const GS = 0x1d;
const LF = 0x0a;
/** ESC @, ESC t 19 (PC858: umlauts and €), then three empty lines: the first line is never cut. */
const TICKET_START = [ESC, 0x40, ESC, 0x74, 19, LF, LF, LF];
/** GS r 1: the printer answers one status byte once everything before it has been processed. */
export const STATUS_REQUEST = [GS, 0x72, 1];

/** The order type as the devices' `order_types` name it, in SQL. */
const ORDER_TYPE_SQL = sql`case when o.is_delivery then 'delivery' when o.is_dine_in then 'dine-in' else 'takeaway' end`;

/**
 * Jobs for every printer of the order's branch that prints orders for this reason and type, in
 * the caller's transaction. Returns how many were queued.
 */
export async function queueOrderPrintJobs(
  trx: Db,
  orderId: number,
  reason: "new" | "confirmed",
): Promise<number> {
  const column =
    reason === "new" ? sql.ref("d.prints_new_orders") : sql.ref("d.prints_confirmed_orders");
  const result = await sql`
    insert into print_jobs (device_id, order_id, reason)
    select d.id, o.id, ${reason}
    from orders o
    join devices d on d.branch_id = o.branch_id
    where o.id = ${orderId} and d.kind = 'printer' and d.connection is not null
      and ${column} and ${ORDER_TYPE_SQL} = any(d.order_types)
  `.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

/** The same, as a CTE for the checkout's one-statement placement (`new_order` in scope). */
export const NEW_ORDER_PRINT_JOBS_CTE = sql`
  print_jobs_new as (
    insert into print_jobs (device_id, order_id, reason)
    select d.id, o.id, 'new'
    from new_order o
    join devices d on d.branch_id = o.branch_id
    where d.kind = 'printer' and d.connection is not null and d.prints_new_orders
      and (o.payment_method not in ('stripe', 'paypal') or o.is_paid)
      and ${ORDER_TYPE_SQL} = any(d.order_types)
  )`;

/** A copy on staff's explicit request: one job per named printer, marked "Kopie". */
export async function queueReprintJobs(
  db: Db,
  orderId: number,
  deviceIds: readonly number[],
): Promise<{ id: number; deviceId: number }[]> {
  if (deviceIds.length === 0) return [];
  const rows = await db
    .insertInto("printJobs")
    .values(deviceIds.map((deviceId) => ({ deviceId, orderId, reason: "reprint" as const })))
    .returning(["id", "deviceId"])
    .execute();
  return rows.sort((a, b) => a.id - b.id);
}

/** The same, answering how many jobs were queued. */
export async function queueReprint(db: Db, orderId: number, deviceIds: readonly number[]) {
  return (await queueReprintJobs(db, orderId, deviceIds)).length;
}

/** What rendering a job needs: an order's, or a production list's (`payload`, decision 107). */
export interface RenderableJob {
  id: number;
  orderId: number | null;
  reason: PrintJobReason;
  payload?: ProductionTicket | null;
}

/** A production list's job without its list cannot be printed (the database forbids it). */
function ticketOf(job: RenderableJob): ProductionTicket {
  if (!job.payload) throw new Error(`Druckauftrag ${job.id}: die Backliste fehlt.`);
  return job.payload;
}

/**
 * The ticket's bytes: start (init, code page, feed), job line, "Kopie" if so, the receipt; a
 * production list's job the short list instead (decision 107).
 */
export async function renderJob(db: Db, job: RenderableJob, paperWidth: number): Promise<Buffer> {
  const width = paperWidth === 58 ? 32 : 48;
  const head: number[] = [...TICKET_START];
  const line = (text: string) => head.push(...encodePc858(text), LF);
  if (job.reason === "reprint") {
    head.push(GS, 0x21, 0x11);
    line(deDevices.ticket.copy);
    head.push(GS, 0x21, 0x00);
  }
  line(`${deDevices.ticket.job} ${job.id}`);
  if (job.reason === "production_list") {
    return Buffer.concat([
      Buffer.from(head),
      Buffer.from(productionTicketToEscPos(ticketOf(job), { width })),
    ]);
  }
  if (job.orderId === null) {
    line(deDevices.ticket.test);
    head.push(LF, LF, LF, GS, 0x56, 66, 0);
    return Buffer.from(head);
  }
  const loaded = await loadReceipt(db, job.orderId);
  if (!loaded) throw new Error(`Bestellung ${job.orderId} fehlt.`);
  return Buffer.concat([
    Buffer.from(head),
    Buffer.from(receiptToEscPos(loaded.receipt, { width })),
  ]);
}

/**
 * The ticket as an Epson Server Direct Print answer (decision 063): the same head and receipt as
 * ESC/POS, as ePOS-Print XML in a `PrintRequestInfo` that names the job by its id.
 */
export async function renderJobEpos(
  db: Db,
  job: RenderableJob,
  paperWidth: number,
): Promise<Buffer> {
  const width = paperWidth === 58 ? 32 : 48;
  const sink = new EposSink();
  sink.command("init");
  sink.command("codePage");
  sink.feed(3);
  if (job.reason === "reprint") {
    sink.command("sizeDouble");
    sink.line(deDevices.ticket.copy);
    sink.command("sizeNormal");
  }
  sink.line(`${deDevices.ticket.job} ${job.id}`);
  if (job.reason === "production_list") {
    layoutProductionTicket(ticketOf(job), { width }, sink);
  } else if (job.orderId === null) {
    sink.line(deDevices.ticket.test);
    sink.feed(3);
    sink.command("partialCut");
  } else {
    const loaded = await loadReceipt(db, job.orderId);
    if (!loaded) throw new Error(`Bestellung ${job.orderId} fehlt.`);
    receiptToEpos(loaded.receipt, { width }, sink);
  }
  return Buffer.from(printRequestInfo(String(job.id), sink.document()), "utf8");
}

/** Whether kept bytes are in the device's language (its connection may have changed since). */
export function contentFits(connection: DeviceConnection | null, content: Buffer | null) {
  if (!content || content.length === 0) return false;
  return connection === "epson_sdp" ? content[0] === 0x3c : content[0] === ESC;
}

/** The job's bytes for its device: kept ones if they fit, else rendered now. */
export async function jobContent(
  db: Db,
  job: RenderableJob & { content: Buffer | null },
  device: { connection: DeviceConnection | null; paperWidth: number },
): Promise<{ content: Buffer; rendered: boolean }> {
  if (contentFits(device.connection, job.content)) {
    // PGlite hands bytea back as a Uint8Array, pg as a Buffer.
    return { content: Buffer.from(job.content!), rendered: false };
  }
  const content =
    device.connection === "epson_sdp"
      ? await renderJobEpos(db, job, device.paperWidth)
      : await renderJob(db, job, device.paperWidth);
  return { content, rendered: true };
}

export async function logDevice(
  db: Db,
  deviceId: number,
  event: string,
  message: string,
  printJobId: number | null = null,
) {
  await db.insertInto("deviceLogs").values({ deviceId, event, message, printJobId }).execute();
}

// ——— Delivery over raw TCP (port 9100) ———

export type SendFailure = "refused" | "timeout" | "unknownHost" | "dropped" | "other";

export interface SendOutcome {
  ok: boolean;
  failure?: SendFailure;
  detail?: string;
}

export interface SendOptions {
  connectTimeoutMs: number;
  /** How long the printer may take to answer the status request (or to close) after the ticket. */
  answerTimeoutMs: number;
}

export const DEFAULT_SEND_OPTIONS: SendOptions = {
  connectTimeoutMs: 3_000,
  answerTimeoutMs: 10_000,
};

/**
 * Writes the ticket to host:port. With `expectStatus` (the default) a status request (GS r 1)
 * follows and only the printer's status byte counts: the printer answers it after it has
 * processed the ticket before it. Without it (a printer that does not know `GS r`, decision 063)
 * the ticket counts once every byte was handed over, our end of the connection closed and the
 * printer closed its end without a reset. No answer, a reset or a timeout means not known to be
 * printed.
 */
export function sendToPrinter(
  host: string,
  port: number,
  bytes: Buffer,
  options: SendOptions = DEFAULT_SEND_OPTIONS,
  expectStatus = true,
): Promise<SendOutcome> {
  return new Promise((resolve) => {
    let settled = false;
    let connected = false;
    let written = false;
    const socket = net.connect({ host, port });
    const finish = (outcome: SendOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.removeAllListeners("data");
      if (outcome.ok) socket.end();
      else socket.destroy();
      resolve(outcome);
    };
    let timer = setTimeout(
      () => finish({ ok: false, failure: "timeout", detail: "connect" }),
      options.connectTimeoutMs,
    );
    socket.on("connect", () => {
      connected = true;
      clearTimeout(timer);
      timer = setTimeout(
        () => finish({ ok: false, failure: "timeout", detail: "answer" }),
        options.answerTimeoutMs,
      );
      if (expectStatus) socket.write(Buffer.concat([bytes, Buffer.from(STATUS_REQUEST)]));
      // Without a status answer: every byte out, then our FIN; the printer's clean close is it.
      else socket.end(bytes, () => (written = true));
    });
    socket.on("data", () => {
      if (expectStatus) finish({ ok: true });
    });
    socket.on("end", () => {
      if (!expectStatus && written) return; // the printer's FIN; "close" follows
      finish({ ok: false, failure: "dropped", detail: "closed" });
    });
    socket.on("close", (hadError) => {
      if (!expectStatus && written && !hadError) finish({ ok: true });
      else finish({ ok: false, failure: "dropped", detail: "closed" });
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      const code = error.code ?? "";
      if (code === "ECONNREFUSED") finish({ ok: false, failure: "refused", detail: code });
      else if (code === "ENOTFOUND" || code === "EAI_AGAIN")
        finish({ ok: false, failure: "unknownHost", detail: code });
      else if (code === "ETIMEDOUT") finish({ ok: false, failure: "timeout", detail: code });
      else
        finish({
          ok: false,
          failure: connected ? "dropped" : "other",
          detail: code || error.message,
        });
    });
  });
}

/** Seconds until the next try after `attempts` failed ones: 2, 4, 8 … at most 60. */
export function backOffSeconds(attempts: number): number {
  return Math.min(60, 2 ** Math.max(1, Math.min(attempts, 6)));
}

export interface DeliveryRound {
  printed: number;
  failed: number;
  stale: number;
  /** Orders whose new-order ticket was printed in this round (for auto-confirm, decision 063). */
  printedNewOrders: number[];
}

/**
 * Delivers due TCP jobs, one at a time, until none is due. The job's printer (its device row,
 * `SKIP LOCKED`) and then the job are locked for the send, so several workers never send the same
 * job nor talk to the same printer at once, and a printer's tickets go out in job order; the job
 * is marked printed in the same transaction once the printer answered; a failure sets the next
 * try with back-off. A job older than the shop's limit is not printed but marked stale, for staff
 * to reprint by hand.
 */
export async function deliverDueJobs(
  db: Db,
  options: SendOptions & { now?: () => Date; limit?: number } = DEFAULT_SEND_OPTIONS,
): Promise<DeliveryRound> {
  const round: DeliveryRound = { printed: 0, failed: 0, stale: 0, printedNewOrders: [] };
  const limit = options.limit ?? 1_000;
  for (let i = 0; i < limit; i += 1) {
    const outcome = await db.transaction().execute(async (trx) => {
      const now = options.now?.() ?? new Date();
      // First the printer: the device of the oldest due job whose row no other worker holds. Its
      // lock (`FOR NO KEY UPDATE`, which new jobs' foreign keys do not wait for) is held until
      // this transaction ends, so one worker at a time talks to a printer and its tickets go out
      // in order (issue 35). Only the device row is locked here: a job row locked while its
      // device was skipped would stay locked, and another worker would pass it by.
      const device = await trx
        .selectFrom("printJobs as j")
        .innerJoin("devices as d", "d.id", "j.deviceId")
        .select("d.id")
        .where("j.status", "=", "pending")
        .where("j.nextAttemptAt", "<=", now)
        .where("d.connection", "=", "escpos_tcp")
        .orderBy("j.id")
        .limit(1)
        .forNoKeyUpdate("d")
        .skipLocked()
        .executeTakeFirst();
      if (!device) return null;
      // Then its oldest due job, read now that the printer is this worker's: a job another worker
      // printed meanwhile is no longer pending.
      const job = await trx
        .selectFrom("printJobs as j")
        .innerJoin("devices as d", "d.id", "j.deviceId")
        .select([
          "j.id",
          "j.orderId",
          "j.reason",
          "j.payload",
          "j.content",
          "j.attempts",
          "j.createdAt",
          "j.deviceId",
          "d.host",
          "d.port",
          "d.paperWidth",
          "d.connection",
          "d.noStatusAnswer",
        ])
        .where("j.deviceId", "=", device.id)
        .where("j.status", "=", "pending")
        .where("j.nextAttemptAt", "<=", now)
        .where("d.connection", "=", "escpos_tcp")
        .orderBy("j.id")
        .limit(1)
        .forUpdate("j")
        .executeTakeFirst();
      if (!job) return null;
      const settings = await trx
        .selectFrom("settings")
        .select("printStaleMinutes")
        .executeTakeFirst();
      const staleMs = (settings?.printStaleMinutes ?? 30) * 60_000;
      if (job.reason !== "reprint" && now.getTime() - job.createdAt.getTime() > staleMs) {
        await trx
          .updateTable("printJobs")
          .set({ status: "stale" })
          .where("id", "=", job.id)
          .execute();
        await logDevice(trx, job.deviceId, "stale", deDevices.log.stale(job.id), job.id);
        return "stale" as const;
      }
      const { content, rendered } = await jobContent(trx, job, job);
      if (rendered) {
        await trx.updateTable("printJobs").set({ content }).where("id", "=", job.id).execute();
      }
      const sent = await sendToPrinter(
        job.host ?? "",
        job.port ?? 9100,
        content,
        options,
        !job.noStatusAnswer,
      );
      const attempts = job.attempts + 1;
      if (sent.ok) {
        await trx
          .updateTable("printJobs")
          .set({ status: "printed", printedAt: new Date(), attempts, lastError: null })
          .where("id", "=", job.id)
          .execute();
        await trx
          .updateTable("devices")
          .set({ lastSeenAt: new Date() })
          .where("id", "=", job.deviceId)
          .execute();
        await logDevice(
          trx,
          job.deviceId,
          "printed",
          deDevices.log.printed(job.id, attempts),
          job.id,
        );
        if (job.reason === "new" && job.orderId !== null) round.printedNewOrders.push(job.orderId);
        return "printed" as const;
      }
      const reason =
        !job.noStatusAnswer && sent.failure === "timeout" && sent.detail === "answer"
          ? `${deDevices.failures.timeout} ${deDevices.hints.noStatus}`
          : deDevices.failures[sent.failure ?? "other"];
      await trx
        .updateTable("printJobs")
        .set({
          attempts,
          lastError: reason,
          nextAttemptAt: new Date(now.getTime() + backOffSeconds(attempts) * 1_000),
        })
        .where("id", "=", job.id)
        .execute();
      await logDevice(trx, job.deviceId, "error", deDevices.log.failed(job.id, reason), job.id);
      return "failed" as const;
    });
    if (outcome === null) break;
    round[outcome] += 1;
  }
  return round;
}

/**
 * The background delivery of TCP jobs in every server process (they share the work by
 * `SKIP LOCKED`): a round every second, so a new order reaches its printer within about one.
 */
/** Who wants to hear that this process has just committed print jobs (its print workers). */
const printJobListeners = new Set<() => void>();

/**
 * This process has committed new print jobs (an order placed, an order confirmed): its print
 * worker takes them now instead of at its next round, so a ticket reaches a TCP printer within
 * milliseconds (issue 20: < 1 s p99). Jobs committed by another process are found by that
 * process's own worker, or by this one at its next round.
 */
export function announcePrintJobs(): void {
  for (const listener of printJobListeners) listener();
}

export function startPrintWorker(
  db: Db,
  log: (line: string) => void,
  intervalMs = 1_000,
  afterRound?: (round: DeliveryRound) => Promise<void>,
  wakeup?: QueueWakeup,
) {
  const job = startPeriodicJob({
    intervalMs,
    // Woken by announcements, it sleeps until the next job is due (decision 119).
    ...(wakeup ? { pauseAfter: () => pauseFor(db, wakeup, intervalMs) } : {}),
    log,
    failed: (problem) => `Druckaufträge konnten nicht zugestellt werden: ${problem}`,
    round: async () => {
      const round = await deliverDueJobs(db);
      await afterRound?.(round);
    },
  });
  const wake = () => job.wake();
  printJobListeners.add(wake);
  return {
    ...job,
    async stop() {
      printJobListeners.delete(wake);
      await job.stop();
    },
  };
}
