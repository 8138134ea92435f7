import { isAdmin } from "#app/domain/staff-permissions";
import { de as deStaff } from "#app/i18n/de-staff";
import { type BackOfficeArea } from "#app/features/backoffice/areas";

const texts = deStaff.backOffice.areas;

/** The tags folder's entries of the back office's navigation (decision 083). */
export const tagsAreas: readonly BackOfficeArea[] = [
  {
    key: "tags",
    group: "admin",
    ...texts.tags,
    path: "/backend/tags",
    resource: "tags",
    icon: "#",
    allowed: isAdmin,
  },
];
