import { isAdmin } from "../../domain/staff-permissions";
import { de as deStaff } from "../../i18n/de-staff";
import { type BackOfficeArea } from "../backoffice/areas";

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
