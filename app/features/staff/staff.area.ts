import { canManageUsers, isAdmin } from "#app/domain/staff-permissions";
import { de as deStaff } from "#app/i18n/de-staff";
import { deApiTokens } from "#app/i18n/de-api-tokens";
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
  // Personal API tokens (decisions 095, 096): administrators make their own.
  {
    key: "api-tokens",
    group: "integrations",
    ...deApiTokens.area,
    path: "/backend/api-tokens",
    icon: "⎇",
    allowed: isAdmin,
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
