import { de as deStaff } from "#app/i18n/de-staff";
import { everyone, type BackOfficeArea } from "./areas";

const texts = deStaff.backOffice.areas;

/** The dashboard's entry of the back office's navigation (decision 083). */
export const homeAreas: readonly BackOfficeArea[] = [
  {
    key: "home",
    group: "daily",
    ...texts.home,
    path: "/backend",
    icon: "⌂",
    allowed: everyone,
    hideTile: true,
  },
];
