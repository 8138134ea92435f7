import { de as deStaff } from "#app/i18n/de-staff";
import { adminsAndManagers, type BackOfficeArea } from "#app/features/backoffice/areas";

const texts = deStaff.backOffice.areas;

/** The tables folder's entries of the back office's navigation (decision 083). */
export const tablesAreas: readonly BackOfficeArea[] = [
  {
    key: "tables",
    group: "branches",
    ...texts.tables,
    path: "/backend/tables",
    resource: "tables",
    icon: "▤",
    allowed: adminsAndManagers,
  },
];
