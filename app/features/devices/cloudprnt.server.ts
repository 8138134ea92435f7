import type { IncomingMessage, ServerResponse } from "node:http";
import { sql } from "kysely";
import type { Db } from "#app/db/schema";
import { deDevices } from "#app/i18n/de-devices";
import { problem } from "#app/server/outcome";
import type { MessageOrigin } from "#app/features/orders/order-mails.server";
import { confirmAfterPrint } from "./auto-confirm.server";
import { isDeviceToken } from "./device-token";
import {
  markJobPrinted,
  nextDueJob,
  notePollAndSetStaleAside,
  offerableAt,
  pollingPrinterByToken,
  putJobBack,
  REOFFER_AFTER_MS,
} from "./polling-printers.server";
import { jobContent, logDevice } from "./print-jobs.server";

/**
 * Star CloudPRNT (decision 056): the printer polls `POST /api/cloudprnt/{device token}`, hears
 * `jobReady` with the job's token, fetches the job with `GET …?token=…` and confirms it with
 * `DELETE …?token=…&code=200%20OK`. A confirmation of a printed job is harmless; a token of
 * another device's job, or an unknown device token, is a 404 with a German message.
 */
const MEDIA_TYPE = "application/octet-stream";
const t = deDevices.cloudPrnt;

const notFound = (message: string) => problem(404, message);

const deviceOf = (db: Db, token: string | undefined) =>
  pollingPrinterByToken(db, token, "star_cloudprnt");

/** How old the printer's "last seen" may get before a poll writes it anew. */
const SEEN_EVERY_MS = 20_000;

/**
 * The common poll in one read (issue 20: 50 printers polling every 2 s cost < 5 % of a core): the
 * device, its next due job and the stale limit together. It answers when nothing is to be
 * written; a poll that must record the printer as seen (every 20 s), log its return or set
 * stale tickets aside goes the full way (`undefined`).
 */
async function quickPoll(db: Db, token: string, now: Date): Promise<QuickAnswer | undefined> {
  // Written as SQL rather than built: the builder's work per call was a tenth of the poll.
  const reofferBefore = new Date(now.getTime() - REOFFER_AFTER_MS);
  const { rows } = await sql<{
    lastSeenAt: Date | null;
    jobToken: string | null;
    createdAt: Date | null;
    reason: string | null;
    status: string | null;
    staleMinutes: number | null;
  }>`
    select d.last_seen_at as "lastSeenAt", j.job_token as "jobToken", j.created_at as "createdAt",
      j.reason, j.status,
      (select print_stale_minutes from settings limit 1) as "staleMinutes"
    from devices d
    left join lateral (
      select id, job_token, created_at, reason, status from print_jobs
      where device_id = d.id and next_attempt_at <= ${now}
        and (status = 'pending' or (status = 'sending' and fetched_at < ${reofferBefore}))
      order by id limit 1
    ) j on true
    where d.token = ${token} and d.connection = 'star_cloudprnt' and d.kind = 'printer'
  `.execute(db);
  const row = rows[0];
  if (!row) return { status: 404, body: { errors: [{ message: t.unknownDevice }] } };
  if (!row.lastSeenAt || now.getTime() - row.lastSeenAt.getTime() > SEEN_EVERY_MS) return undefined;
  if (!row.jobToken) return { status: 200, body: { jobReady: false } };
  const staleBefore = now.getTime() - (row.staleMinutes ?? 30) * 60_000;
  if (
    row.status === "pending" &&
    row.reason !== "reprint" &&
    row.createdAt!.getTime() < staleBefore
  ) {
    return undefined;
  }
  return {
    status: 200,
    body: { jobReady: true, mediaTypes: [MEDIA_TYPE], jobToken: row.jobToken },
  };
}

interface QuickAnswer {
  status: number;
  body: unknown;
}

const POLL_PATH = /^\/api\/cloudprnt\/([0-9a-f]{64})$/;

/**
 * Set on a poll the quick path has read and passed on, so that the route does not read it again.
 * A printer that sends it itself only skips a shortcut: the full way is always right.
 */
export const QUICK_POLL_PASSED = "x-cloudprnt-quick-passed";

/**
 * CloudPRNT polls answered before Express and Remix (as kept image sizes are, decision 038): their
 * routing, headers and body parsing cost twice the poll itself. Only a poll with a small declared
 * body that `quickPoll` can answer is taken here; everything else goes on to the route.
 */
export function quickCloudPrntPolls(db: Db) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    if (req.method !== "POST" || !req.url?.startsWith("/api/cloudprnt/")) return next();
    const match = POLL_PATH.exec(req.url);
    const length = Number(req.headers["content-length"] ?? "0");
    if (!match || !Number.isInteger(length) || length > 4_096) return next();
    quickPoll(db, match[1]!, new Date()).then(
      (answer) => {
        if (!answer) {
          req.headers[QUICK_POLL_PASSED] = "1";
          return next();
        }
        // The printer's status report is not needed for the answer: read and dropped.
        req.resume();
        const body = JSON.stringify(answer.body);
        res.writeHead(answer.status, {
          "Content-Type": "application/json; charset=utf-8",
          "Content-Length": Buffer.byteLength(body),
          "Cache-Control": "no-store",
        });
        res.end(body);
      },
      () => next(),
    );
  };
}

/** A poll the full way; `quickPassed`: the quick path read it already (`QUICK_POLL_PASSED`). */
export async function cloudPrntPoll(
  db: Db,
  deviceToken: string | undefined,
  { now = new Date(), quickPassed = false }: { now?: Date; quickPassed?: boolean } = {},
) {
  if (!quickPassed && isDeviceToken(deviceToken)) {
    const quick = await quickPoll(db, deviceToken, now);
    if (quick) return Response.json(quick.body, { status: quick.status });
  }
  const device = await deviceOf(db, deviceToken);
  if (!device) return notFound(t.unknownDevice);
  await notePollAndSetStaleAside(db, device, now, t.polled);
  const job = await nextDueJob(db, device.id, now).select(["id", "jobToken"]).executeTakeFirst();
  if (!job) return Response.json({ jobReady: false });
  return Response.json({ jobReady: true, mediaTypes: [MEDIA_TYPE], jobToken: job.jobToken });
}

async function jobOf(db: Db, deviceId: number, jobToken: string | null) {
  if (!jobToken || jobToken.length > 64) return undefined;
  return db
    .selectFrom("printJobs")
    .select(["id", "orderId", "reason", "payload", "content", "status", "attempts"])
    .where("deviceId", "=", deviceId)
    .where("jobToken", "=", jobToken)
    .executeTakeFirst();
}

export async function cloudPrntFetch(db: Db, deviceToken: string | undefined, url: URL) {
  const device = await deviceOf(db, deviceToken);
  if (!device) return notFound(t.unknownDevice);
  const job = await jobOf(db, device.id, url.searchParams.get("token"));
  if (!job) return notFound(t.unknownJob);
  const { content } = await jobContent(db, job, device);
  // Handed out once: a pending job, or one fetched long ago and never confirmed (the printer
  // restarted). A second fetch meanwhile (another poll of the same printer that heard the same
  // offer) gets nothing to print; the row lock makes the two fetches take turns.
  const now = new Date();
  const claimed = await db
    .updateTable("printJobs")
    .set({ content, fetchedAt: now, status: "sending", attempts: sql<number>`attempts + 1` })
    .where("id", "=", job.id)
    .where(offerableAt(now))
    .returning("id")
    .executeTakeFirst();
  if (!claimed) {
    return problem(409, t.alreadyFetched(job.id));
  }
  await logDevice(db, device.id, "fetched", t.fetched(job.id), job.id);
  return new Response(new Uint8Array(content), {
    headers: { "Content-Type": MEDIA_TYPE, "Cache-Control": "no-store" },
  });
}

export async function cloudPrntConfirm(
  db: Db,
  deviceToken: string | undefined,
  url: URL,
  origin: MessageOrigin,
) {
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
    const changed = await markJobPrinted(db, job.id);
    await logDevice(db, device.id, "confirmed", t.confirmed(job.id), job.id);
    // Auto-confirm (decision 063): the printer's confirmation is the proof of printing.
    if (changed && job.reason === "new" && job.orderId !== null) {
      await confirmAfterPrint(db, [job.orderId], origin);
    }
    return Response.json({ message: t.confirmed(job.id) });
  }
  await putJobBack(db, job, t.printerError(code), "unprinted");
  await logDevice(db, device.id, "error", t.printerError(code), job.id);
  return Response.json({ message: t.printerError(code) });
}
