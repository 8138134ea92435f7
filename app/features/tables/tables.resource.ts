import { de } from "#app/i18n/de-backoffice";
import { positionColumn, positionField } from "#app/features/backoffice/common-fields";
import { countWhere, type ResourceDefinition } from "#app/features/backoffice/resource.server";
import { findTableForCode, tableMenuUrl, tableQrSvg } from "./table-qr.server";

const label = de.fieldLabels;

/**
 * Tables of a branch (spec section 3: identifier, branch), for dine-in orders at the table. The
 * identifier is what the QR code on the table carries, unique within its branch.
 */
export const tablesResource: ResourceDefinition = {
  name: "tables",
  entityType: "table",
  table: "tables",
  texts: de.resources.tables,
  fields: [
    {
      name: "branchId",
      // Spec section 3: "Table: identifier, branch.id".
      apiName: "branch",
      apiShape: "object",
      type: "reference",
      resource: "branches",
      label: label.branch,
      required: true,
    },
    // The spec's table has no name: empty, it is the identifier ('T12'), decision 098.
    {
      name: "name",
      type: "text",
      label: label.name,
      help: label.tableNameHelp,
      derivedFrom: "identifier",
      max: 80,
    },
    {
      name: "identifier",
      type: "text",
      label: label.identifier,
      help: "Steht im QR-Code am Tisch: Buchstaben, Ziffern, Bindestriche, zum Beispiel 'T12'.",
      required: true,
      max: 40,
    },
    positionField(),
  ],
  listColumns: [
    { name: "name", label: label.name, sortable: true },
    { name: "identifier", label: label.identifier, sortable: true },
    { name: "branchId", label: label.branch },
    positionColumn,
  ],
  searchColumns: ["name", "identifier"],
  defaultSort: { column: "position", direction: "asc" },
  titleOf: (row) => String(row.name),
  access: { roles: ["ROLE_ADMIN", "ROLE_MANAGER"], branchColumn: "branchId" },
  async check(_db, input) {
    const identifier = String(input.identifier ?? "");
    return /^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$/.test(identifier)
      ? []
      : [{ field: "identifier", message: "Nur Buchstaben, Ziffern und einzelne Bindestriche." }];
  },
  /** The table's QR code on its edit page, with the downloads (issue 36, decision 076). */
  async pageExtras(db, row, site) {
    const table = await findTableForCode(db, Number(row.id));
    if (!table) return {};
    const url = tableMenuUrl(site.publicOrigin, table.branchIdentifier, table.identifier);
    return { tableId: table.id, tableName: table.name, url, svg: await tableQrSvg(url) };
  },
  async inUse(db, id) {
    return (await countWhere(db, "orders", "table_id", id)) ? de.inUse.tableHasOrders : null;
  },
};
