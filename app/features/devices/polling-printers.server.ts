import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import type { Database, Db } from "#app/db/schema";
import { deDevices } from "#app/i18n/de-devices";
import { isDeviceToken } from "./device-token";
import { backOffSeconds, logDevice } from "./print-jobs.server";

/**
 * What the two protocols of printers that poll (Star CloudPRNT, Epson Server Direct Print) share:
 * finding the printer by its token, noting its poll, the job to hand it, and its proof of printing
 * or failure. The jobs themselves, their bytes and TCP delivery are in print-jobs.server.ts.
 */

/**
 * The printer that polls with this token over `connection`, or undefined (a malformed token, a
 * notifier's token, a printer of the other kind): what the polling protocols answer 404 to.
 */
export async function pollingPrinterByToken(
  db: Db,
  token: string | undefined,
  connection: "epson_sdp" | "star_cloudprnt",
) {
  if (!isDeviceToken(token)) return undefined;
  return db
    .selectFrom("devices")
    .select(["id", "paperWidth", "lastSeenAt", "connection"])
    .where("token", "=", token)
    .where("connection", "=", connection)
    .where("kind", "=", "printer")
    .executeTakeFirst();
}

/**
 * A job handed out to a polling printer but without a result this long is offered again (the
 * printer restarted).
 */
export const REOFFER_AFTER_MS = 60_000;

/** The jobs a polling printer (CloudPRNT, Epson SDP) may be handed: pending, or out too long. */
export function offerableAt(now: Date) {
  return (eb: ExpressionBuilder<Database, "printJobs">): Expression<SqlBool> =>
    eb.or([
      eb("status", "=", "pending"),
      eb.and([
        eb("status", "=", "sending"),
        eb("fetchedAt", "<", new Date(now.getTime() - REOFFER_AFTER_MS)),
      ]),
    ]);
}

/** The polling printer's next job due now (offerable, its back-off over), lowest id first. */
export function nextDueJob(db: Db, deviceId: number, now: Date) {
  return db
    .selectFrom("printJobs")
    .where("deviceId", "=", deviceId)
    .where(offerableAt(now))
    .where("nextAttemptAt", "<=", now)
    .orderBy("id")
    .limit(1);
}

/**
 * A polling printer (CloudPRNT, Epson SDP) has called: its return after more than a minute is
 * logged with `polled`, it is recorded as seen, and its pending tickets older than the shop's
 * stale limit are set aside for staff (a reprint is never stale), each with a log line.
 */
export async function notePollAndSetStaleAside(
  db: Db,
  device: { id: number; lastSeenAt: Date | null },
  now: Date,
  polled: string,
): Promise<void> {
  if (!device.lastSeenAt || now.getTime() - device.lastSeenAt.getTime() > 60_000) {
    await logDevice(db, device.id, "poll", polled);
  }
  await db.updateTable("devices").set({ lastSeenAt: now }).where("id", "=", device.id).execute();
  const settings = await db.selectFrom("settings").select("printStaleMinutes").executeTakeFirst();
  const staleBefore = new Date(now.getTime() - (settings?.printStaleMinutes ?? 30) * 60_000);
  const stale = await db
    .updateTable("printJobs")
    .set({ status: "stale" })
    .where("deviceId", "=", device.id)
    .where("status", "=", "pending")
    .where("reason", "!=", "reprint")
    .where("createdAt", "<", staleBefore)
    .returning("id")
    .execute();
  for (const job of stale) {
    await logDevice(db, device.id, "stale", deDevices.log.stale(job.id), job.id);
  }
}

/**
 * A polling printer's proof of printing (CloudPRNT's confirmation, Epson SDP's result): the job
 * becomes printed once. True only for the call that changed it, however many proofs arrive.
 */
export async function markJobPrinted(db: Db, jobId: number): Promise<boolean> {
  const changed = await db
    .updateTable("printJobs")
    .set({ status: "printed", printedAt: new Date(), lastError: null })
    .where("id", "=", jobId)
    .where("status", "!=", "printed")
    .returning("id")
    .executeTakeFirst();
  return changed !== undefined;
}

/**
 * A polling printer reported a failure: the job waits for another try, backed off by its attempts.
 * `from`: the statuses it may be put back from (Epson SDP: only a job it was handed).
 */
export async function putJobBack(
  db: Db,
  job: { id: number; attempts: number },
  lastError: string,
  from: "unprinted" | "sending",
): Promise<void> {
  const update = db
    .updateTable("printJobs")
    .set({
      status: "pending",
      lastError,
      nextAttemptAt: sql<Date>`now() + make_interval(secs => ${backOffSeconds(job.attempts)})`,
    })
    .where("id", "=", job.id);
  await (
    from === "sending"
      ? update.where("status", "=", "sending")
      : update.where("status", "!=", "printed")
  ).execute();
}
