import { sql } from "kysely";
import type { Db } from "../../db/schema";
import { deDevices } from "../../i18n/de-devices";
import { backOffSeconds, logDevice, renderJob } from "./print-jobs.server";

/**
 * Star CloudPRNT (decision 056): the printer polls `POST /api/cloudprnt/{device token}`, hears
 * `jobReady` with the job's token, fetches the job with `GET …?token=…` and confirms it with
 * `DELETE …?token=…&code=200%20OK`. A confirmation of a printed job is harmless; a token of
 * another device's job, or an unknown device token, is a 404 with a German message.
 */
const MEDIA_TYPE = "application/octet-stream";
/** A job fetched but never confirmed is offered again after this long (the printer restarted). */
const REOFFER_AFTER_MS = 60_000;
const t = deDevices.cloudPrnt;

const notFound = (message: string) => Response.json({ errors: [{ message }] }, { status: 404 });

async function deviceOf(db: Db, token: string | undefined) {
  if (!token || !/^[0-9a-f]{64}$/.test(token)) return undefined;
  return db
    .selectFrom("devices")
    .select(["id", "paperWidth", "lastSeenAt"])
    .where("token", "=", token)
    .where("connection", "=", "star_cloudprnt")
    .executeTakeFirst();
}

export async function cloudPrntPoll(db: Db, deviceToken: string | undefined, now = new Date()) {
  const device = await deviceOf(db, deviceToken);
  if (!device) return notFound(t.unknownDevice);
  if (!device.lastSeenAt || now.getTime() - device.lastSeenAt.getTime() > 60_000) {
    await logDevice(db, device.id, "poll", t.polled);
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
  for (const job of stale)
    await logDevice(db, device.id, "stale", deDevices.log.stale(job.id), job.id);
  const job = await db
    .selectFrom("printJobs")
    .select(["id", "jobToken"])
    .where("deviceId", "=", device.id)
    .where((eb) =>
      eb.or([
        eb("status", "=", "pending"),
        eb.and([
          eb("status", "=", "sending"),
          eb("fetchedAt", "<", new Date(now.getTime() - REOFFER_AFTER_MS)),
        ]),
      ]),
    )
    .where("nextAttemptAt", "<=", now)
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
  if (!job) return Response.json({ jobReady: false });
  return Response.json({ jobReady: true, mediaTypes: [MEDIA_TYPE], jobToken: job.jobToken });
}

async function jobOf(db: Db, deviceId: number, jobToken: string | null) {
  if (!jobToken || jobToken.length > 64) return undefined;
  return db
    .selectFrom("printJobs")
    .select(["id", "orderId", "reason", "content", "status", "attempts"])
    .where("deviceId", "=", deviceId)
    .where("jobToken", "=", jobToken)
    .executeTakeFirst();
}

export async function cloudPrntFetch(db: Db, deviceToken: string | undefined, url: URL) {
  const device = await deviceOf(db, deviceToken);
  if (!device) return notFound(t.unknownDevice);
  const job = await jobOf(db, device.id, url.searchParams.get("token"));
  if (!job) return notFound(t.unknownJob);
  const content = job.content ?? (await renderJob(db, job, device.paperWidth));
  await db
    .updateTable("printJobs")
    .set({
      content,
      fetchedAt: new Date(),
      ...(job.status === "pending" ? { status: "sending", attempts: job.attempts + 1 } : {}),
    })
    .where("id", "=", job.id)
    .execute();
  await logDevice(db, device.id, "fetched", t.fetched(job.id), job.id);
  return new Response(new Uint8Array(content), {
    headers: { "Content-Type": MEDIA_TYPE, "Cache-Control": "no-store" },
  });
}

export async function cloudPrntConfirm(db: Db, deviceToken: string | undefined, url: URL) {
  const device = await deviceOf(db, deviceToken);
  if (!device) return notFound(t.unknownDevice);
  const job = await jobOf(db, device.id, url.searchParams.get("token"));
  if (!job) return notFound(t.unknownJob);
  const code = (url.searchParams.get("code") ?? "").slice(0, 40);
  if (job.status === "printed") {
    await logDevice(db, device.id, "confirmed", t.confirmedAgain(job.id), job.id);
    return Response.json({ message: t.confirmedAgain(job.id) });
  }
  if (code.startsWith("2")) {
    // Only the first confirmation changes the row (the status guard), however many arrive.
    await db
      .updateTable("printJobs")
      .set({ status: "printed", printedAt: new Date(), lastError: null })
      .where("id", "=", job.id)
      .where("status", "!=", "printed")
      .execute();
    await logDevice(db, device.id, "confirmed", t.confirmed(job.id), job.id);
    return Response.json({ message: t.confirmed(job.id) });
  }
  await db
    .updateTable("printJobs")
    .set({
      status: "pending",
      lastError: t.printerError(code),
      nextAttemptAt: sql<Date>`now() + make_interval(secs => ${backOffSeconds(job.attempts)})`,
    })
    .where("id", "=", job.id)
    .where("status", "!=", "printed")
    .execute();
  await logDevice(db, device.id, "error", t.printerError(code), job.id);
  return Response.json({ message: t.printerError(code) });
}
