import type { Selectable } from "kysely";
import type { Db, DevicesTable } from "#app/db/schema";
import { canAccessBranch, isAdmin } from "#app/domain/staff-permissions";
import { parseId } from "#app/domain/values";
import { de } from "#app/i18n/de-backoffice";
import { deDevices } from "#app/i18n/de-devices";
import { refused, succeeded, type Outcome } from "#app/server/outcome";
import type { StaffUser } from "#app/features/staff/staff-auth.server";
import { queueTestPushes } from "./notifier.server";
import { logDevice, renderJob, sendToPrinter, type SendFailure } from "./print-jobs.server";

/**
 * A device's own actions (issue 20, decision 056): a test ticket, a test notification and the
 * device log, for `POST /api/devices/{id}/test/print`, `/test/notification`,
 * `/request-device-logs` and the device page's "Testdruck". Each writes the device log.
 */
export type Device = Selectable<DevicesTable>;

/** The device behind an address, if this person works for its branch (404, 403 otherwise). */
export async function visibleDevice(
  db: Db,
  user: StaffUser,
  id: string | undefined,
): Promise<Outcome<Device>> {
  const deviceId = parseId(id);
  const device =
    deviceId === null
      ? undefined
      : await db.selectFrom("devices").selectAll().where("id", "=", deviceId).executeTakeFirst();
  if (!device) return refused(404, de.resources.edit.notFound);
  if (!isAdmin(user) && !canAccessBranch(user, device.branchId)) {
    return refused(403, de.resources.edit.forbidden);
  }
  return succeeded(device);
}

/** The device's log, newest first (200 lines); asking for it is logged too. */
export async function deviceLog(db: Db, deviceId: number) {
  await logDevice(db, deviceId, "logs", deDevices.log.logsRequested);
  return db
    .selectFrom("deviceLogs")
    .select(["id", "event", "message", "printJobId", "at"])
    .where("deviceId", "=", deviceId)
    .orderBy("id", "desc")
    .limit(200)
    .execute();
}

/** A test push to a notifier's subscriptions: the message, or 409 when it has none. */
export async function testNotification(db: Db, deviceId: number): Promise<Outcome<string>> {
  const queued = await queueTestPushes(db, deviceId);
  const message = queued > 0 ? deDevices.notifier.test.sent : deDevices.notifier.test.none;
  await logDevice(db, deviceId, queued > 0 ? "test" : "error", deDevices.log.test(message));
  return queued > 0 ? succeeded(message) : refused(409, message);
}

export type TestOutcomeKey = "ok" | "queued" | "notPrinter" | SendFailure;

/** A test ticket to the device now (TCP) or at its next poll; logged either way. */
export async function testPrint(
  db: Db,
  device: Device,
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
