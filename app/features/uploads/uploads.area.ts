import { isAdmin } from "../../domain/staff-permissions";
import { deUploads } from "../../i18n/de-uploads";
import { type BackOfficeArea } from "../backoffice/areas";

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
