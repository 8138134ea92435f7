import { isAdmin } from "#app/domain/staff-permissions";
import { de as deStaff } from "#app/i18n/de-staff";
import { deCatalogue } from "#app/i18n/de-catalogue";
import { everyone, type BackOfficeArea } from "#app/features/backoffice/areas";

const texts = deStaff.backOffice.areas;

/** The catalogue folder's entries of the back office's navigation (decision 083). */
export const catalogueAreas: readonly BackOfficeArea[] = [
  {
    key: "sold-out",
    group: "daily",
    ...deCatalogue.soldOut.area,
    path: "/backend/sold-out",
    icon: "⊘",
    allowed: everyone,
  },
  {
    key: "categories",
    group: "catalogue",
    ...texts.categories,
    path: "/backend/categories",
    resource: "categories",
    icon: "▦",
    allowed: isAdmin,
  },
  {
    key: "products",
    group: "catalogue",
    ...deCatalogue.products.area,
    path: "/backend/products",
    resource: "products",
    icon: "◔",
    allowed: isAdmin,
  },
  {
    key: "product-groups",
    group: "catalogue",
    ...texts.productGroups,
    path: "/backend/product-groups",
    resource: "product-groups",
    icon: "❏",
    allowed: isAdmin,
  },
  {
    key: "menus",
    group: "catalogue",
    ...deCatalogue.menus.area,
    path: "/backend/menus",
    resource: "menus",
    icon: "☷",
    allowed: isAdmin,
  },
  {
    key: "products-bulk",
    group: "catalogue",
    ...deCatalogue.bulk.area,
    path: "/backend/products/bulk",
    icon: "%",
    allowed: isAdmin,
  },
];
