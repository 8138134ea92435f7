import { de as deStaff } from "#app/i18n/de-staff";
import { adminsAndManagers, type BackOfficeArea } from "#app/features/backoffice/areas";

const texts = deStaff.backOffice.areas;

/** The branches folder's entries of the back office's navigation (decision 083). */
export const branchesAreas: readonly BackOfficeArea[] = [
  {
    key: "branches",
    group: "branches",
    ...texts.branches,
    path: "/backend/branches",
    resource: "branches",
    icon: "⌂",
    allowed: adminsAndManagers,
  },
];
