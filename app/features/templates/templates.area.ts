import { isAdmin } from "#app/domain/staff-permissions";
import { deTemplates } from "#app/i18n/de-templates";
import { type BackOfficeArea } from "#app/features/backoffice/areas";

/** The templates folder's entries of the back office's navigation (decision 083). */
export const templatesAreas: readonly BackOfficeArea[] = [
  {
    key: "image-templates",
    group: "website",
    ...deTemplates.area,
    path: "/backend/image-templates",
    resource: "image-templates",
    icon: "◪",
    allowed: isAdmin,
  },
];
