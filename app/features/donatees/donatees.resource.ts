import { de } from "../../i18n/de-backoffice";
import { countWhere, type ResourceDefinition } from "../backoffice/resource.server";

const label = de.fieldLabels;

/** Donation recipients (spec section 3: id, name, description) offered at the checkout. */
export const donateesResource: ResourceDefinition = {
  name: "donatees",
  entityType: "donatee",
  table: "donatees",
  texts: de.resources.donatees,
  fields: [
    { name: "name", type: "text", label: label.name, required: true, max: 120 },
    {
      name: "identifier",
      type: "text",
      format: "identifier",
      label: label.identifier,
      help: label.identifierHelp,
      required: true,
      max: 80,
    },
    { name: "description", type: "textarea", label: label.description, max: 2_000 },
    { name: "isEnabled", type: "boolean", label: label.isEnabled, help: "An der Kasse anbieten." },
    {
      name: "position",
      type: "number",
      label: label.position,
      help: label.positionHelp,
      max: 100_000,
      default: 0,
    },
  ],
  listColumns: [
    { name: "name", label: label.name, sortable: true },
    { name: "identifier", label: label.identifier, sortable: true },
    { name: "isEnabled", label: label.isEnabled, sortable: true },
    { name: "position", label: label.position, sortable: true },
  ],
  searchColumns: ["name", "identifier", "description"],
  defaultSort: { column: "position", direction: "asc" },
  titleOf: (row) => String(row.name),
  access: { roles: ["ROLE_ADMIN"] },
  touchesUpdatedAt: true,
  async inUse(db, id) {
    return (await countWhere(db, "orders", "donatee_id", id)) ? de.inUse.donateeHasOrders : null;
  },
};
