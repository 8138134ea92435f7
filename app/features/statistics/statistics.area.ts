import { deStatistics } from "#app/i18n/de-statistics";
import { adminsAndManagers, type BackOfficeArea } from "#app/features/backoffice/areas";

/** The statistics folder's entries of the back office's navigation (decision 083). */
export const statisticsAreas: readonly BackOfficeArea[] = [
  {
    key: "statistics",
    group: "reports",
    ...deStatistics.area,
    path: "/backend/statistics",
    icon: "↗",
    allowed: adminsAndManagers,
  },
];
