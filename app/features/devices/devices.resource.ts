import { de } from "../../i18n/de-backoffice";
import { deDevices } from "../../i18n/de-devices";
import { identifierField, nameField } from "../backoffice/common-fields";
import type { Problem, ResourceDefinition } from "../backoffice/resource.server";
import { isReachablePrinterHost } from "./printer-network.server";

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
    { ...identifierField(80), help: texts.help.identifier },
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
    { name: "autoConfirm", type: "boolean", label: texts.labels.autoConfirm },
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
  async check(_db, input) {
    return devicePlaceProblems(input);
  },
};

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
