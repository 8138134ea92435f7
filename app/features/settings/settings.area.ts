import { isAdmin } from "#app/domain/staff-permissions";
import { de as deStaff } from "#app/i18n/de-staff";
import { type BackOfficeArea } from "#app/features/backoffice/areas";

const texts = deStaff.backOffice.areas;

/** The settings folder's entries of the back office's navigation (decision 083). */
export const settingsAreas: readonly BackOfficeArea[] = [
  {
    key: "settings",
    group: "admin",
    ...texts.settings,
    path: "/backend/settings",
    icon: "⚙",
    allowed: isAdmin,
  },
];
