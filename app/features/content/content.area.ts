import { isAdmin } from "#app/domain/staff-permissions";
import { deContent } from "#app/i18n/de-content";
import { deBlocks } from "#app/i18n/de-blocks";
import { type BackOfficeArea } from "#app/features/backoffice/areas";

/** The content folder's entries of the back office's navigation (decision 083). */
export const contentAreas: readonly BackOfficeArea[] = [
  {
    key: "sites",
    group: "website",
    ...deContent.sites.area,
    path: "/backend/sites",
    resource: "sites",
    icon: "▭",
    allowed: isAdmin,
  },
  {
    key: "navigations",
    group: "website",
    ...deContent.navigations.area,
    path: "/backend/navigations",
    resource: "navigations",
    icon: "☰",
    allowed: isAdmin,
  },
  {
    key: "blocks",
    group: "website",
    ...deBlocks.area,
    path: "/backend/blocks",
    resource: "blocks",
    icon: "¶",
    allowed: isAdmin,
  },
];
