import { de } from "#app/i18n/de-backoffice";
import {
  nameField,
  positionColumn,
  positionField,
  shopWideByPosition,
} from "#app/features/backoffice/common-fields";
import { countWhere, type ResourceDefinition } from "#app/features/backoffice/resource.server";
import { deAllergens as t } from "./allergens.texts";

const CODE = /^[A-Z0-9]{1,3}$/;

/**
 * Allergens (issue 37, the proof of decision 083): what products name as contained, each with a
 * short code as menus print it ("A" glutenhaltiges Getreide, "G" Milch …). The migration brings
 * the EU's 14 (LMIV, Annex II); a shop may add its own.
 */
export const allergensResource: ResourceDefinition = {
  name: "allergens",
  entityType: "allergen",
  table: "allergens",
  texts: t.resource,
  fields: [
    { name: "code", type: "text", label: t.code, help: t.codeHelp, required: true, max: 3 },
    nameField(120),
    positionField(),
  ],
  listColumns: [
    { name: "code", label: t.code, sortable: true },
    { name: "name", label: de.fieldLabels.name, sortable: true },
    positionColumn,
  ],
  searchColumns: ["code", "name"],
  ...shopWideByPosition,
  titleOf: (row) => `${String(row.code)} – ${String(row.name)}`,
  refine(input, context) {
    if (typeof input.code === "string" && input.code !== "" && !CODE.test(input.code)) {
      context.addIssue({ code: "custom", path: ["code"], message: t.codeFormat });
    }
  },
  async inUse(db, id) {
    const products = await countWhere(db, "product_allergens", "allergen_id", id);
    return products ? t.inProducts(products) : null;
  },
};
