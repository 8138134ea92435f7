import { canManageUsers } from "#app/domain/staff-permissions";
import { de as deStaff } from "#app/i18n/de-staff";
import { everyone, type BackOfficeArea } from "#app/features/backoffice/areas";

const texts = deStaff.backOffice.areas;

/** The staff folder's entries of the back office's navigation (decision 083). */
export const staffAreas: readonly BackOfficeArea[] = [
  {
    key: "users",
    group: "admin",
    ...texts.users,
    path: "/backend/users",
    icon: "☺",
    allowed: canManageUsers,
  },
  {
    key: "password",
    group: "account",
    ...texts.password,
    path: "/backend/account/password",
    icon: "⚷",
    allowed: everyone,
  },
];
