import { adminsAndManagers, type BackOfficeArea } from "#app/features/backoffice/areas";
import { deCapacities } from "#app/i18n/de-capacities";

/** The capacities' entry in the back office's navigation (issue 39 part 2, decision 113). */
export const capacitiesAreas: readonly BackOfficeArea[] = [
  {
    key: "capacities",
    group: "daily",
    ...deCapacities.area,
    path: "/backend/capacities",
    icon: "◔",
    allowed: adminsAndManagers,
  },
];
