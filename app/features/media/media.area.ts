import { isAdmin } from "#app/domain/staff-permissions";
import { deMedia } from "#app/i18n/de-media";
import { type BackOfficeArea } from "#app/features/backoffice/areas";

/** The media folder's entries of the back office's navigation (decision 083). */
export const mediaAreas: readonly BackOfficeArea[] = [
  {
    key: "images",
    group: "website",
    ...deMedia.images.area,
    path: "/backend/images",
    icon: "▨",
    allowed: isAdmin,
  },
];
