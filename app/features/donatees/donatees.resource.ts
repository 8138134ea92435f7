import { de } from "../../i18n/de-backoffice";
import {
  identifierField,
  nameField,
  positionColumn,
  positionField,
  standardColumns,
} from "../backoffice/common-fields";
import { countWhere, type ResourceDefinition } from "../backoffice/resource.server";

const label = de.fieldLabels;

/** Donation recipients (spec section 3: id, name, description) offered at the checkout. */
export const donateesResource: ResourceDefinition = {
  name: "donatees",
  entityType: "donatee",
  table: "donatees",
  texts: de.resources.donatees,
  fields: [
    nameField(120),
    identifierField(),
    { name: "description", type: "textarea", label: label.description, max: 2_000 },
    { name: "isEnabled", type: "boolean", label: label.isEnabled, help: "An der Kasse anbieten." },
    positionField(),
  ],
  listColumns: [
    ...standardColumns,
    { name: "isEnabled", label: label.isEnabled, sortable: true },
    positionColumn,
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
