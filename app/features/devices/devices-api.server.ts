import type { AppLoadContext } from "@remix-run/node";
import { canAccessBranch, isAdmin } from "../../domain/staff-permissions";
import { parseId } from "../../domain/values";
import { de } from "../../i18n/de-backoffice";
import { deDevices } from "../../i18n/de-devices";
import { guard, problems } from "../backoffice/resource-api.server";
import { apiMethodNotAllowed } from "../staff/users-api.server";
import { devicesResource } from "./devices.resource";
import { DEFAULT_SEND_OPTIONS, logDevice, renderJob, sendToPrinter } from "./print-jobs.server";

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
  if (device.kind !== "printer") {
    return problems(409, [{ message: deDevices.test.notPrinter }]);
  }
  if (device.connection !== "escpos_tcp") {
    // A polling printer fetches the test ticket at its next poll.
    await db.insertInto("printJobs").values({ deviceId: device.id, reason: "test" }).execute();
    await logDevice(db, device.id, "test", deDevices.log.test(deDevices.test.queued));
    return Response.json({ message: deDevices.test.queued }, { status: 202 });
  }
  const job = await db
    .insertInto("printJobs")
    .values({ deviceId: device.id, reason: "test", status: "sending", attempts: 1 })
    .returning(["id", "orderId", "reason"])
    .executeTakeFirstOrThrow();
  const content = await renderJob(db, job, device.paperWidth);
  const sent = await sendToPrinter(device.host ?? "", device.port ?? 9100, content, {
    ...DEFAULT_SEND_OPTIONS,
    connectTimeoutMs: 3_000,
    answerTimeoutMs: 5_000,
  });
  const reason = sent.ok ? null : deDevices.failures[sent.failure ?? "other"];
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
  if (sent.ok) {
    await db
      .updateTable("devices")
      .set({ lastSeenAt: new Date() })
      .where("id", "=", device.id)
      .execute();
    return Response.json({ message });
  }
  return problems(502, [{ message }]);
}
