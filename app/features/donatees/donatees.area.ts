import { isAdmin } from "#app/domain/staff-permissions";
import { de as deStaff } from "#app/i18n/de-staff";
import { type BackOfficeArea } from "#app/features/backoffice/areas";

const texts = deStaff.backOffice.areas;

/** The donatees folder's entries of the back office's navigation (decision 083). */
export const donateesAreas: readonly BackOfficeArea[] = [
  {
    key: "donatees",
    group: "admin",
    ...texts.donatees,
    path: "/backend/donatees",
    resource: "donatees",
    icon: "♥",
    allowed: isAdmin,
  },
];
