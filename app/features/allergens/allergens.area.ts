import { isAdmin } from "#app/domain/staff-permissions";
import type { BackOfficeArea } from "#app/features/backoffice/areas";
import { deAllergens } from "./allergens.texts";

/** The allergens' entry of the back office's navigation (decision 083). */
export const allergensAreas: readonly BackOfficeArea[] = [
  {
    key: "allergens",
    group: "catalogue",
    ...deAllergens.area,
    path: "/backend/allergens",
    resource: "allergens",
    icon: "⚠",
    allowed: isAdmin,
  },
];
