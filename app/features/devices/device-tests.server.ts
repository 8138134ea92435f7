import { redirect, type AppLoadContext } from "@remix-run/node";
import { mayUse } from "../backoffice/resource.server";
import { forbidden, requireStaff } from "../staff/staff-auth.server";
import { canAccessBranch, isAdmin } from "../../domain/staff-permissions";
import { parseId } from "../../domain/values";
import { de } from "../../i18n/de-backoffice";
import { deDevices } from "../../i18n/de-devices";
import { guard, problems } from "../backoffice/resource-api.server";
import { apiMethodNotAllowed } from "../../server/api-methods.server";
import { devicesResource } from "./devices.resource";
import type { Selectable } from "kysely";
import type { Db, DevicesTable } from "../../db/schema";
import { queueTestPushes } from "./notifier-page.server";
import { logDevice, renderJob, sendToPrinter, type SendFailure } from "./print-jobs.server";

/**
 * A device's own actions (issue 20, decision 056): `POST /api/devices/{id}/test/print`,
 * `/test/notification` (for a printer: a test ticket too) and `/request-device-logs`. Each checks
 * the device's branch against the user's, answers German text and writes the device log.
 */
export type DeviceAction = "test-print" | "test-notification" | "request-device-logs";

export async function deviceApiLoader(request: Request, context: AppLoadContext) {
  await guard(request, context, devicesResource);
  return apiMethodNotAllowed("POST");
}

export async function deviceApiAction(
  request: Request,
  context: AppLoadContext,
  params: { id?: string },
  action: DeviceAction,
) {
  const user = await guard(request, context, devicesResource);
  if (request.method !== "POST") return apiMethodNotAllowed("POST");
  const id = parseId(params.id);
  const device =
    id === null
      ? undefined
      : await context.db.selectFrom("devices").selectAll().where("id", "=", id).executeTakeFirst();
  if (!device) return problems(404, [{ message: de.resources.edit.notFound }]);
  if (!isAdmin(user) && !canAccessBranch(user, device.branchId)) {
    return problems(403, [{ message: de.resources.edit.forbidden }]);
  }
  const db = context.db;
  if (action === "request-device-logs") {
    await logDevice(db, device.id, "logs", deDevices.log.logsRequested);
    const logs = await db
      .selectFrom("deviceLogs")
      .select(["id", "event", "message", "printJobId", "at"])
      .where("deviceId", "=", device.id)
      .orderBy("id", "desc")
      .limit(200)
      .execute();
    return Response.json({ data: logs });
  }
  if (action === "test-notification" && device.kind === "notifier") {
    const queued = await queueTestPushes(db, device.id);
    const message = queued > 0 ? deDevices.notifier.test.sent : deDevices.notifier.test.none;
    await logDevice(db, device.id, queued > 0 ? "test" : "error", deDevices.log.test(message));
    if (queued === 0) return problems(409, [{ message }]);
    return Response.json({ message });
  }
  const outcome = await testPrint(db, device);
  if (outcome.key === "ok") return Response.json({ message: outcome.message });
  if (outcome.key === "queued") return Response.json({ message: outcome.message }, { status: 202 });
  if (outcome.key === "notPrinter") return problems(409, [{ message: outcome.message }]);
  return problems(502, [{ message: outcome.message }]);
}

export type TestOutcomeKey = "ok" | "queued" | "notPrinter" | SendFailure;

/** A test ticket to the device now (TCP) or at its next poll; logged either way. */
export async function testPrint(
  db: Db,
  device: Selectable<DevicesTable>,
): Promise<{ key: TestOutcomeKey; message: string }> {
  if (device.kind !== "printer") return { key: "notPrinter", message: deDevices.test.notPrinter };
  if (device.connection !== "escpos_tcp") {
    // A polling printer fetches the test ticket at its next poll.
    await db.insertInto("printJobs").values({ deviceId: device.id, reason: "test" }).execute();
    await logDevice(db, device.id, "test", deDevices.log.test(deDevices.test.queued));
    return { key: "queued", message: deDevices.test.queued };
  }
  const job = await db
    .insertInto("printJobs")
    .values({ deviceId: device.id, reason: "test", status: "sending", attempts: 1 })
    .returning(["id", "orderId", "reason"])
    .executeTakeFirstOrThrow();
  const content = await renderJob(db, job, device.paperWidth);
  // The printer is talked to by one sender at a time (issue 35): the test ticket waits for the
  // device row that a print worker holds while its ticket is on the wire (`deliverDueJobs`).
  const sent = await db.transaction().execute(async (trx) => {
    await trx
      .selectFrom("devices")
      .select("id")
      .where("id", "=", device.id)
      .forNoKeyUpdate()
      .execute();
    return sendToPrinter(
      device.host ?? "",
      device.port ?? 9100,
      content,
      { connectTimeoutMs: 3_000, answerTimeoutMs: 5_000 },
      !device.noStatusAnswer,
    );
  });
  const failure = sent.ok ? null : (sent.failure ?? "other");
  const reason = failure ? deDevices.failures[failure] : null;
  await db
    .updateTable("printJobs")
    .set({
      content,
      status: sent.ok ? "printed" : "failed",
      printedAt: sent.ok ? new Date() : null,
      lastError: reason,
    })
    .where("id", "=", job.id)
    .execute();
  const message = reason ? deDevices.test.failed(reason) : deDevices.test.printed;
  await logDevice(db, device.id, sent.ok ? "test" : "error", deDevices.log.test(message), job.id);
  if (!failure) {
    await db
      .updateTable("devices")
      .set({ lastSeenAt: new Date() })
      .where("id", "=", device.id)
      .execute();
    return { key: "ok", message };
  }
  return { key: failure, message };
}

/** `POST /backend/devices/{id}/testdruck`: the page's "Testdruck" button, back with a notice. */
export async function testPrintPageAction(
  request: Request,
  context: AppLoadContext,
  params: { id?: string },
) {
  const user = await requireStaff(request, context);
  if (!mayUse(devicesResource, user)) throw forbidden("page");
  const id = parseId(params.id);
  const device =
    id === null
      ? undefined
      : await context.db.selectFrom("devices").selectAll().where("id", "=", id).executeTakeFirst();
  if (!device) throw new Response(null, { status: 404, statusText: "Not Found" });
  if (!isAdmin(user) && !canAccessBranch(user, device.branchId)) throw forbidden("page");
  const outcome = await testPrint(context.db, device);
  return redirect(`/backend/devices/${device.id}?hinweis=testdruck-${outcome.key}`);
}

/** A GET of the button's address: the device's own page. */
export async function testPrintPageLoader(
  request: Request,
  context: AppLoadContext,
  params: { id?: string },
) {
  const user = await requireStaff(request, context);
  if (!mayUse(devicesResource, user)) throw forbidden("page");
  return redirect(`/backend/devices/${parseId(params.id) ?? 0}`);
}
