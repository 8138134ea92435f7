import { de as deStaff } from "#app/i18n/de-staff";
import { adminsAndManagers, type BackOfficeArea } from "#app/features/backoffice/areas";

const texts = deStaff.backOffice.areas;

/** The logs folder's entries of the back office's navigation (decision 083). */
export const logsAreas: readonly BackOfficeArea[] = [
  {
    key: "logs",
    group: "reports",
    ...texts.logs,
    path: "/backend/logs",
    icon: "≡",
    allowed: adminsAndManagers,
  },
];
