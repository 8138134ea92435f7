import { de as deStaff } from "#app/i18n/de-staff";
import { deDevices } from "#app/i18n/de-devices";
import { adminsAndManagers, type BackOfficeArea } from "#app/features/backoffice/areas";

const texts = deStaff.backOffice.areas;

/** The devices folder's entries of the back office's navigation (decision 083). */
export const devicesAreas: readonly BackOfficeArea[] = [
  {
    key: "devices",
    group: "branches",
    ...deDevices.area,
    path: "/backend/devices",
    resource: "devices",
    icon: "▥",
    allowed: adminsAndManagers,
  },
  {
    key: "device-keys",
    group: "branches",
    ...texts.deviceKeys,
    path: "/backend/device-keys",
    icon: "▣",
    allowed: adminsAndManagers,
  },
];
