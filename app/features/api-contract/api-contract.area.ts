import { isAdmin } from "#app/domain/staff-permissions";
import { type BackOfficeArea } from "#app/features/backoffice/areas";
import { de } from "#app/i18n/de-api-contract";

/** The contract's reference page in the navigation (decision 102): for administrators. */
export const apiContractAreas: readonly BackOfficeArea[] = [
  {
    key: "api",
    group: "integrations",
    label: de.area.label,
    description: de.area.description,
    path: "/backend/api",
    icon: "⌘",
    allowed: isAdmin,
  },
];
