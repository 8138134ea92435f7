import { de } from "#app/i18n/de-backoffice";
import { deDevices } from "#app/i18n/de-devices";
import { identifierField, nameField } from "#app/features/backoffice/common-fields";
import type { Problem, ResourceDefinition } from "#app/features/backoffice/resource.server";
import { isReachablePrinterHost } from "./printer-network.server";
import { isDeviceToken } from "./device-token";
import { DateTime } from "luxon";
import { referenceSettings } from "#app/features/shared/reference-data.server";

/** The test print's notice on the device page, by its word (`?hinweis=testdruck-refused`). */
export const TEST_NOTICES: Record<string, string> = Object.fromEntries([
  ["testdruck-ok", deDevices.test.printed],
  ["testdruck-queued", deDevices.test.queued],
  ["testdruck-notPrinter", deDevices.test.notPrinter],
  ...Object.entries(deDevices.failures).map(([key, reason]) => [
    `testdruck-${key}`,
    deDevices.test.failed(reason),
  ]),
]);

const label = de.fieldLabels;
const texts = deDevices;

/**
 * Devices of a branch (issue 20, decision 056): receipt printers (ESC/POS over TCP, Star
 * CloudPRNT, Epson Server Direct Print) and order notifiers. Managers keep their own branches'.
 * A TCP printer's address must lie in the shop's own network, so staff cannot point the server
 * at 'localhost:22' or the internet.
 */
export const devicesResource: ResourceDefinition = {
  name: "devices",
  entityType: "device",
  table: "devices",
  texts: texts.resource,
  fields: [
    nameField(80),
    {
      ...identifierField(80),
      help: `${texts.help.identifier} ${de.fieldLabels.identifierDerived}`,
    },
    {
      name: "branchId",
      type: "reference",
      resource: "branches",
      label: label.branch,
      required: true,
    },
    {
      name: "kind",
      type: "select",
      label: texts.labels.kind,
      required: true,
      options: texts.kinds,
    },
    {
      name: "connection",
      type: "select",
      label: texts.labels.connection,
      options: texts.connections,
    },
    { name: "host", type: "text", label: texts.labels.host, help: texts.help.host, max: 15 },
    {
      name: "port",
      type: "number",
      label: texts.labels.port,
      help: texts.help.port,
      min: 1,
      max: 65535,
    },
    {
      name: "paperWidth",
      type: "number",
      label: texts.labels.paperWidth,
      min: 58,
      max: 80,
      default: 80,
    },
    { name: "printsNewOrders", type: "boolean", label: texts.labels.printsNewOrders },
    { name: "printsConfirmedOrders", type: "boolean", label: texts.labels.printsConfirmedOrders },
    {
      name: "orderTypes",
      type: "choices",
      label: texts.labels.orderTypes,
      options: texts.orderTypes,
    },
    {
      name: "autoConfirm",
      type: "boolean",
      label: texts.labels.autoConfirm,
      help: texts.help.autoConfirm,
    },
    {
      name: "noStatusAnswer",
      type: "boolean",
      label: texts.labels.noStatusAnswer,
      help: texts.help.noStatusAnswer,
    },
  ],
  listColumns: [
    { name: "name", label: label.name, sortable: true },
    { name: "identifier", label: label.identifier, sortable: true },
    { name: "branchId", label: label.branch },
    { name: "kind", label: texts.labels.kind },
  ],
  searchColumns: ["name", "identifier"],
  defaultSort: { column: "name", direction: "asc" },
  titleOf: (row) => String(row.name),
  access: { roles: ["ROLE_ADMIN", "ROLE_MANAGER"], branchColumn: "branchId" },
  touchesUpdatedAt: true,
  pageActions: [{ label: texts.page.testPrint, path: "testdruck" }],
  notices: TEST_NOTICES,
  async pageExtras(db, row, site) {
    const logs = await db
      .selectFrom("deviceLogs")
      .select(["id", "event", "message", "at"])
      .where("deviceId", "=", row.id)
      .orderBy("id", "desc")
      .limit(50)
      .execute();
    const stale = await db
      .selectFrom("printJobs")
      .select(["id", "orderId", "createdAt"])
      .where("deviceId", "=", row.id)
      .where("status", "=", "stale")
      .orderBy("id", "desc")
      .limit(50)
      .execute();
    const zone = (await referenceSettings(db)).businessTimeZone;
    const when = (at: Date) =>
      DateTime.fromJSDate(at).setZone(zone).toFormat("dd.LL.yyyy HH:mm:ss");
    return {
      address: deviceAddress(row, site.publicOrigin),
      logs: logs.map((log) => ({
        id: log.id,
        event: log.event,
        message: log.message,
        at: when(log.at),
      })),
      stale: stale.map((job) => ({ id: job.id, orderId: job.orderId, at: when(job.createdAt) })),
    };
  },
  async check(_db, input) {
    return devicePlaceProblems(input);
  },
};

/**
 * What staff type into the device (decision 063): a polling printer's server address, a notifier's
 * page. The device's token is the key in it; only the device's own page shows it.
 */
export function deviceAddress(
  row: Record<string, unknown>,
  publicOrigin: string,
): { kind: "sdp" | "cloudprnt" | "notifier"; url: string } | null {
  const token = row.token;
  if (!isDeviceToken(token)) return null;
  const origin = publicOrigin.replace(/\/+$/, "");
  if (row.kind === "notifier") return { kind: "notifier", url: `${origin}/melder/${token}` };
  if (row.connection === "epson_sdp")
    return { kind: "sdp", url: `${origin}/api/epson-sdp/${token}` };
  if (row.connection === "star_cloudprnt") {
    return { kind: "cloudprnt", url: `${origin}/api/cloudprnt/${token}` };
  }
  return null;
}

/** The address rules: a TCP printer needs a host in the shop's own network and a port. */
export function devicePlaceProblems(input: Record<string, unknown>): Problem[] {
  const problems: Problem[] = [];
  const host = typeof input.host === "string" ? input.host.trim() : "";
  if (input.paperWidth !== null && input.paperWidth !== 58 && input.paperWidth !== 80) {
    problems.push({ field: "paperWidth", message: texts.errors.paperWidth });
  }
  if (host && !isReachablePrinterHost(host)) {
    problems.push({ field: "host", message: texts.errors.hostNotPrivate });
  }
  if (input.autoConfirm === true && (input.kind !== "printer" || input.printsNewOrders !== true)) {
    problems.push({ field: "autoConfirm", message: texts.errors.autoConfirmNeedsNewOrders });
  }
  if (input.kind === "printer" && !input.connection) {
    problems.push({ field: "connection", message: texts.errors.connectionRequired });
  }
  if (input.connection === "escpos_tcp") {
    if (!host) problems.push({ field: "host", message: texts.errors.hostRequired });
    if (input.port === null || input.port === undefined) {
      problems.push({ field: "port", message: texts.errors.portRequired });
    }
  }
  return problems;
}
