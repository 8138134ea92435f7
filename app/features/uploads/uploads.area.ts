import { isAdmin } from "#app/domain/staff-permissions";
import { deUploads } from "#app/i18n/de-uploads";
import { type BackOfficeArea } from "#app/features/backoffice/areas";

/** The uploads folder's entries of the back office's navigation (decision 083). */
export const uploadsAreas: readonly BackOfficeArea[] = [
  {
    key: "uploads",
    group: "website",
    ...deUploads.area,
    path: "/backend/uploads",
    icon: "▧",
    allowed: isAdmin,
  },
];
