import { deTimeTracking } from "#app/i18n/de-time-tracking";
import { dePlan } from "#app/i18n/de-working-plan";
import { adminsAndManagers, everyone, type BackOfficeArea } from "#app/features/backoffice/areas";

/** The time-tracking folder's entries of the back office's navigation (decision 083). */
export const timeTrackingAreas: readonly BackOfficeArea[] = [
  {
    key: "my-time",
    group: "time",
    label: deTimeTracking.mine.title,
    description: deTimeTracking.mineArea,
    path: "/backend/my-time",
    icon: "◷",
    allowed: everyone,
  },
  {
    key: "working-activities",
    group: "time",
    ...deTimeTracking.area,
    path: "/backend/working-activities",
    icon: "◴",
    allowed: adminsAndManagers,
  },
  {
    key: "working-schedules",
    group: "time",
    ...dePlan.area,
    path: "/backend/working-schedules",
    icon: "▦",
    allowed: adminsAndManagers,
  },
  {
    key: "time-sheets",
    group: "time",
    label: dePlan.sheet.title,
    description: dePlan.sheetArea,
    path: "/backend/time-sheets",
    icon: "☰",
    allowed: adminsAndManagers,
  },
  // Managers set their people's PIN and card for the time clock (decision 065).
  {
    key: "clock-credentials",
    group: "time",
    ...deTimeTracking.credentialsArea,
    path: "/backend/clock-credentials",
    icon: "▩",
    allowed: adminsAndManagers,
  },
];
