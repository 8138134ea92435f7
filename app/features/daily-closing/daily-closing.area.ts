import { adminsAndManagers, type BackOfficeArea } from "#app/features/backoffice/areas";
import { deDailyClosing } from "#app/i18n/de-daily-closing";

/** The daily closing's entry in the back office's navigation (issue 39 part 3, decision 117). */
export const dailyClosingAreas: readonly BackOfficeArea[] = [
  {
    key: "daily-closing",
    group: "daily",
    ...deDailyClosing.area,
    path: "/backend/daily-closing",
    icon: "∑",
    allowed: adminsAndManagers,
  },
];
