import { deCatalogue } from "../../i18n/de-catalogue";
import { de } from "../../i18n/de-backoffice";
import {
  identifierField,
  nameField,
  positionColumn,
  positionField,
  standardColumns,
} from "../backoffice/common-fields";
import { countWhere, type ResourceDefinition } from "../backoffice/resource.server";

const t = deCatalogue.productGroups;
const label = de.fieldLabels;

/**
 * Product groups (spec section 3: id, products): products that a menu takes in as one entry, in
 * their order (decision 036: a resource of its own at `/api/product-groups`).
 */
export const productGroupsResource: ResourceDefinition = {
  name: "product-groups",
  entityType: "productGroup",
  table: "product_groups",
  texts: de.resources["product-groups"],
  fields: [
    nameField(120),
    { ...identifierField(), required: false },
    { name: "description", type: "textarea", label: label.description, max: 2_000 },
    {
      name: "productIds",
      type: "reference",
      resource: "products",
      multiple: true,
      label: t.products,
      help: t.productsHelp,
    },
    positionField(),
  ],
  links: [
    {
      field: "productIds",
      table: "product_group_products",
      own: "product_group_id",
      other: "product_id",
      position: "position",
    },
  ],
  listColumns: [...standardColumns, positionColumn],
  searchColumns: ["name", "identifier", "description"],
  defaultSort: { column: "position", direction: "asc" },
  titleOf: (row) => String(row.name),
  access: { roles: ["ROLE_ADMIN"] },
  touchesUpdatedAt: true,
  async inUse(db, id) {
    const menus = await countWhere(db, "menu_entries", "product_group_id", id);
    return menus ? t.inMenus(menus) : null;
  },
};
