import type { Db } from "#app/db/schema";
import { deDevices } from "#app/i18n/de-devices";
import { problem } from "#app/server/outcome";
import { parsePrintResponse } from "#app/integrations/printers/epos-xml";
import type { MessageOrigin } from "#app/features/orders/order-mails.server";
import { confirmAfterPrint } from "./auto-confirm.server";
import {
  markJobPrinted,
  nextDueJob,
  notePollAndSetStaleAside,
  pollingPrinterByToken,
  putJobBack,
} from "./polling-printers.server";
import { jobContent, logDevice } from "./print-jobs.server";

/**
 * Epson Server Direct Print (decision 063). The printer POSTs form data to
 * `/api/epson-sdp/{device token}`:
 * - `ConnectionType=GetRequest` (with `ID`, `Name`): we answer one job as a `PrintRequestInfo`
 *   (version 2.00, `printjobid` = the job's id) in ePOS-Print XML, or an empty body when nothing
 *   is due;
 * - `ConnectionType=SetResponse` with `ResponseFile` (`PrintResponseInfo`): the printer's result
 *   per job id. `success="true"` is the proof of printing; a second result changes nothing; a
 *   failure puts the job back with back-off; a job id that is not this device's is a 404;
 * - `ConnectionType=SetStatus` (status notification): noted as a sign of life.
 * An unknown or malformed device token is a 404, as for CloudPRNT.
 */
const XML = "text/xml; charset=utf-8";
/** A form with a `ResponseFile` is a few KB; more is not a printer. */
const MAX_BODY = 64 * 1024;
const t = deDevices.epsonSdp;

const xmlAnswer = (body = "") =>
  new Response(body, {
    status: 200,
    headers: { "Content-Type": XML, "Cache-Control": "no-store" },
  });

const deviceOf = (db: Db, token: string | undefined) =>
  pollingPrinterByToken(db, token, "epson_sdp");

type Device = NonNullable<Awaited<ReturnType<typeof deviceOf>>>;

async function readForm(request: Request): Promise<URLSearchParams | null> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_BODY) return null;
  const body = await request.text().catch(() => null);
  if (body === null || body.length > MAX_BODY) return null;
  return new URLSearchParams(body);
}

export async function epsonSdpRequest(
  db: Db,
  deviceToken: string | undefined,
  request: Request,
  origin: MessageOrigin,
  now = new Date(),
): Promise<Response> {
  const device = await deviceOf(db, deviceToken);
  if (!device) return problem(404, deDevices.cloudPrnt.unknownDevice);
  const form = await readForm(request);
  if (!form) return problem(400, t.badRequest);
  const kind = form.get("ConnectionType");
  if (kind === "GetRequest") return handOut(db, device, now);
  if (kind === "SetResponse") return takeResult(db, device, form.get("ResponseFile"), origin);
  if (kind === "SetStatus") {
    await db.updateTable("devices").set({ lastSeenAt: now }).where("id", "=", device.id).execute();
    return xmlAnswer();
  }
  return problem(400, t.badRequest);
}

/** GetRequest: the next due job of this device, or an empty answer. */
async function handOut(db: Db, device: Device, now: Date): Promise<Response> {
  await notePollAndSetStaleAside(db, device, now, t.polled);
  const job = await nextDueJob(db, device.id, now)
    .select(["id", "orderId", "reason", "payload", "content", "status", "attempts"])
    .executeTakeFirst();
  if (!job) return xmlAnswer();
  const { content } = await jobContent(db, job, device);
  await db
    .updateTable("printJobs")
    .set({
      content,
      fetchedAt: now,
      status: "sending",
      ...(job.status === "pending" ? { attempts: job.attempts + 1 } : {}),
    })
    .where("id", "=", job.id)
    .where("status", "in", ["pending", "sending"])
    .execute();
  await logDevice(db, device.id, "fetched", deDevices.cloudPrnt.fetched(job.id), job.id);
  return xmlAnswer(content.toString("utf8"));
}

/** SetResponse: the printer's result for the jobs it names. */
async function takeResult(
  db: Db,
  device: Device,
  responseFile: string | null,
  origin: MessageOrigin,
): Promise<Response> {
  const results = parsePrintResponse(responseFile ?? "");
  if (results.length === 0) return problem(400, t.badResult);
  let known = 0;
  const printedOrders: number[] = [];
  for (const result of results) {
    const id =
      result.printJobId && /^\d{1,9}$/.test(result.printJobId) ? Number(result.printJobId) : null;
    const job =
      id === null
        ? undefined
        : await db
            .selectFrom("printJobs")
            .select(["id", "orderId", "reason", "status", "attempts"])
            .where("id", "=", id)
            .where("deviceId", "=", device.id)
            .executeTakeFirst();
    if (!job) continue;
    known += 1;
    if (job.status === "printed") {
      await logDevice(
        db,
        device.id,
        "confirmed",
        deDevices.cloudPrnt.confirmedAgain(job.id),
        job.id,
      );
      continue;
    }
    if (result.success) {
      // Only the first result changes the row (the status guard), however many arrive.
      if (!(await markJobPrinted(db, job.id))) continue;
      await logDevice(db, device.id, "confirmed", deDevices.cloudPrnt.confirmed(job.id), job.id);
      if (job.reason === "new" && job.orderId !== null) printedOrders.push(job.orderId);
      continue;
    }
    const reason = t.printerError(result.code);
    await putJobBack(db, job, reason, "sending");
    await logDevice(db, device.id, "error", deDevices.log.failed(job.id, reason), job.id);
  }
  if (known === 0) return problem(404, deDevices.cloudPrnt.unknownJob);
  await confirmAfterPrint(db, printedOrders, origin);
  return xmlAnswer();
}
