import { isAdmin } from "#app/domain/staff-permissions";
import { deLabels } from "#app/i18n/de-labels";
import { type BackOfficeArea } from "#app/features/backoffice/areas";

/** The labels folder's entries of the back office's navigation (decision 083). */
export const labelsAreas: readonly BackOfficeArea[] = [
  {
    key: "product-labels",
    group: "catalogue",
    ...deLabels.area,
    path: "/backend/products/labels",
    icon: "▭",
    allowed: isAdmin,
  },
];
