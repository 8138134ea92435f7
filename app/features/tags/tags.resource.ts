import { de } from "../../i18n/de-backoffice";
import { countWhere, type ResourceDefinition } from "../backoffice/resource.server";

const label = de.fieldLabels;

/** Tags (spec section 3: id, name, image): shop-wide labels for branches and products. */
export const tagsResource: ResourceDefinition = {
  name: "tags",
  entityType: "tag",
  table: "tags",
  texts: de.resources.tags,
  fields: [
    { name: "name", type: "text", label: label.name, required: true, max: 80 },
    {
      name: "identifier",
      type: "text",
      format: "identifier",
      label: label.identifier,
      help: label.identifierHelp,
      required: true,
      max: 80,
    },
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
    { name: "position", label: label.position, sortable: true },
  ],
  searchColumns: ["name", "identifier"],
  defaultSort: { column: "position", direction: "asc" },
  titleOf: (row) => String(row.name),
  access: { roles: ["ROLE_ADMIN"] },
  async inUse(db, id) {
    const branches = await countWhere(db, "branch_tags", "tag_id", id);
    if (branches) return de.inUse.tagOnBranches(branches);
    const products = await countWhere(db, "product_tags", "tag_id", id);
    return products ? de.inUse.tagOnProducts(products) : null;
  },
};
