import { isAdmin } from "#app/domain/staff-permissions";
import { deSignage } from "#app/i18n/de-signage";
import { adminsAndManagers, type BackOfficeArea } from "#app/features/backoffice/areas";

/** The signage folder's entries of the back office's navigation (decision 083). */
export const signageAreas: readonly BackOfficeArea[] = [
  {
    key: "digital-signage",
    group: "signage",
    ...deSignage.areas.devices,
    path: "/backend/digital-signage-devices",
    resource: "digital-signage-devices",
    icon: "▶",
    allowed: adminsAndManagers,
  },
  {
    key: "digital-signage-pair",
    group: "signage",
    label: deSignage.pairing.link,
    description: deSignage.pairing.intro,
    path: "/backend/digital-signage-devices/pair",
    icon: "▶",
    allowed: adminsAndManagers,
  },
  {
    key: "digital-signage-segments",
    group: "signage",
    ...deSignage.areas.segments,
    path: "/backend/digital-signage-segments",
    resource: "digital-signage-segments",
    icon: "▶",
    allowed: isAdmin,
  },
  {
    key: "digital-signage-streams",
    group: "signage",
    ...deSignage.areas.streams,
    path: "/backend/digital-signage-streams",
    resource: "digital-signage-streams",
    icon: "▶",
    allowed: isAdmin,
  },
];
