import { de } from "#app/i18n/de-backoffice";
import {
  identifierField,
  nameField,
  positionColumn,
  positionField,
  standardColumns,
} from "#app/features/backoffice/common-fields";
import { countWhere, type ResourceDefinition } from "#app/features/backoffice/resource.server";

/**
 * Tags (spec section 3: id, name, image): shop-wide labels for branches and products. The
 * identifier is the project's own, made from the name when left empty (decision 098).
 */
export const tagsResource: ResourceDefinition = {
  name: "tags",
  entityType: "tag",
  table: "tags",
  texts: de.resources.tags,
  fields: [
    nameField(80),
    identifierField(),
    positionField(),
    {
      name: "imageId",
      apiName: "image",
      apiShape: "object",
      type: "image",
      label: de.fieldLabels.image,
    },
  ],
  listColumns: [...standardColumns, positionColumn],
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
