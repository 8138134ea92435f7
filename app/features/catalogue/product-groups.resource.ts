import { deCatalogue } from "#app/i18n/de-catalogue";
import { de } from "#app/i18n/de-backoffice";
import { shopWideList } from "#app/features/backoffice/common-fields";
import { countWhere, type ResourceDefinition } from "#app/features/backoffice/resource.server";

const t = deCatalogue.productGroups;

/**
 * Product groups (spec section 3: id, products): products that a menu takes in as one entry, in
 * their order (decision 036: a resource of its own at `/api/product-groups`).
 */
export const productGroupsResource: ResourceDefinition = {
  name: "product-groups",
  entityType: "productGroup",
  table: "product_groups",
  texts: de.resources["product-groups"],
  ...shopWideList({
    optionalIdentifier: true,
    fields: [
      {
        name: "productIds",
        // Spec section 3: "products (list of ids)".
        apiName: "products",
        type: "reference",
        resource: "products",
        multiple: true,
        label: t.products,
        help: t.productsHelp,
      },
    ],
  }),
  links: [
    {
      field: "productIds",
      table: "product_group_products",
      own: "product_group_id",
      other: "product_id",
      position: "position",
    },
  ],
  async inUse(db, id) {
    const menus = await countWhere(db, "menu_entries", "product_group_id", id);
    return menus ? t.inMenus(menus) : null;
  },
};
