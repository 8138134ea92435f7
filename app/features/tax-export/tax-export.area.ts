import { adminsAndManagers, type BackOfficeArea } from "#app/features/backoffice/areas";
import { deTaxExport } from "#app/i18n/de-tax-export";

/** The tax adviser's export in the back office's navigation (issue 39 part 3, decision 116). */
export const taxExportAreas: readonly BackOfficeArea[] = [
  {
    key: "tax-export",
    group: "reports",
    ...deTaxExport.area,
    path: "/backend/exports",
    icon: "€",
    allowed: adminsAndManagers,
  },
];
