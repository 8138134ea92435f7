import { everyone, type BackOfficeArea } from "#app/features/backoffice/areas";
import { deProduction } from "#app/i18n/de-production";

/** The production list's entry in the back office's navigation (issue 39, decision 103). */
export const productionAreas: readonly BackOfficeArea[] = [
  {
    key: "production",
    group: "daily",
    ...deProduction.area,
    path: "/backend/production",
    icon: "▤",
    allowed: everyone,
  },
];
