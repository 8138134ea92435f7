import { de } from "#app/i18n/de-backoffice";
import { shopWideList } from "#app/features/backoffice/common-fields";
import { countWhere, type ResourceDefinition } from "#app/features/backoffice/resource.server";

const label = de.fieldLabels;

/** Donation recipients (spec section 3: id, name, description) offered at the checkout. */
export const donateesResource: ResourceDefinition = {
  name: "donatees",
  entityType: "donatee",
  table: "donatees",
  texts: de.resources.donatees,
  ...shopWideList({
    fields: [
      {
        name: "isEnabled",
        type: "boolean",
        label: label.isEnabled,
        help: "An der Kasse anbieten.",
      },
    ],
    columns: [{ name: "isEnabled", label: label.isEnabled, sortable: true }],
  }),
  async inUse(db, id) {
    return (await countWhere(db, "orders", "donatee_id", id)) ? de.inUse.donateeHasOrders : null;
  },
};
