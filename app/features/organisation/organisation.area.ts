import { isAdmin } from "#app/domain/staff-permissions";
import { de as deStaff } from "#app/i18n/de-staff";
import { type BackOfficeArea } from "#app/features/backoffice/areas";

const texts = deStaff.backOffice.areas;

/** The organisation folder's entries of the back office's navigation (decision 083). */
export const organisationAreas: readonly BackOfficeArea[] = [
  {
    key: "divisions",
    group: "admin",
    ...texts.divisions,
    path: "/backend/divisions",
    resource: "divisions",
    icon: "◫",
    allowed: isAdmin,
  },
  {
    key: "departments",
    group: "admin",
    ...texts.departments,
    path: "/backend/departments",
    resource: "departments",
    icon: "◧",
    allowed: isAdmin,
  },
];
