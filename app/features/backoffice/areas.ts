import { canManageUsers, isAdmin, isManager, type StaffRole } from "../../domain/staff-permissions";
import { de } from "../../i18n/de-staff";
import { deCatalogue } from "../../i18n/de-catalogue";
import { deContent } from "../../i18n/de-content";
import { deUploads } from "../../i18n/de-uploads";
import { deTemplates } from "../../i18n/de-templates";
import { deBlocks } from "../../i18n/de-blocks";
import { deMedia } from "../../i18n/de-media";
import { deStatistics } from "../../i18n/de-statistics";
import { deTimeTracking } from "../../i18n/de-time-tracking";
import { deSignage } from "../../i18n/de-signage";
import { deLabels } from "../../i18n/de-labels";
import { deDevices } from "../../i18n/de-devices";
import { dePlan } from "../../i18n/de-working-plan";

/**
 * Every area of the back office, in menu order (decision 031). The frame's navigation and the
 * dashboard's tiles are drawn from this list, filtered by `allowed`; a new area is one entry here
 * (its route still guards itself with `requireStaff`, this list only decides what is offered).
 */
/**
 * The navigation's groups, in menu order: with some forty areas a flat list is a wall, so the
 * sidebar shows a group's heading and opens the group of the page one is on (decision 066).
 */
export const AREA_GROUPS = [
  { key: "daily", label: "Tagesgeschäft" },
  { key: "time", label: "Arbeitszeit" },
  { key: "catalogue", label: "Sortiment" },
  { key: "website", label: "Website & Medien" },
  { key: "branches", label: "Filialen & Geräte" },
  { key: "signage", label: "Digital Signage" },
  { key: "reports", label: "Auswertungen" },
  { key: "admin", label: "Verwaltung" },
  { key: "account", label: "Mein Konto" },
] as const;

export type AreaGroupKey = (typeof AREA_GROUPS)[number]["key"];

export interface BackOfficeArea {
  key: string;
  /** The navigation group it is listed under; the registry keeps each group's areas together. */
  group: AreaGroupKey;
  label: string;
  /** One line for the dashboard's tile. */
  description: string;
  path: string;
  /** A short symbol shown before the label (decorative, hidden from screen readers). */
  icon?: string;
  /** Whether the signed-in staff member may use it; mirror the route's own guard. */
  allowed: (user: AreaUser) => boolean;
  /** Not shown as a dashboard tile (the dashboard itself). */
  hideTile?: boolean;
}

export interface AreaUser {
  roles: readonly StaffRole[];
}

const texts = de.backOffice.areas;
const everyone = () => true;

export const BACK_OFFICE_AREAS: readonly BackOfficeArea[] = [
  {
    key: "home",
    group: "daily",
    ...texts.home,
    path: "/backend",
    icon: "⌂",
    allowed: everyone,
    hideTile: true,
  },
  {
    key: "orders",
    group: "daily",
    ...texts.orders,
    path: "/backend/orders",
    icon: "☰",
    allowed: everyone,
  },
  {
    key: "phone-order",
    group: "daily",
    ...texts.phoneOrder,
    path: "/backend/orders/new",
    icon: "☎",
    allowed: everyone,
  },
  {
    key: "sold-out",
    group: "daily",
    ...deCatalogue.soldOut.area,
    path: "/backend/sold-out",
    icon: "⊘",
    allowed: everyone,
  },
  {
    key: "my-time",
    group: "time",
    label: deTimeTracking.mine.title,
    description: "Kommen, Pause und Gehen auf dem eigenen Telefon; PIN für die Stempeluhr.",
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
    allowed: (user) => isAdmin(user) || isManager(user),
  },
  {
    key: "working-schedules",
    group: "time",
    ...dePlan.area,
    path: "/backend/working-schedules",
    icon: "▦",
    allowed: (user) => isAdmin(user) || isManager(user),
  },
  {
    key: "time-sheets",
    group: "time",
    label: dePlan.sheet.title,
    description: "Soll, Ist und Saldo je Person und Monat; Monatsabschluss",
    path: "/backend/time-sheets",
    icon: "☰",
    allowed: (user) => isAdmin(user) || isManager(user),
  },
  // Managers set their people's PIN and card for the time clock (decision 065).
  {
    key: "clock-credentials",
    group: "time",
    label: "PINs und Karten",
    description: "PIN und Karte für die Stempeluhr je Person setzen oder zurücksetzen.",
    path: "/backend/clock-credentials",
    icon: "▩",
    allowed: (user) => isAdmin(user) || isManager(user),
  },
  {
    key: "projects",
    group: "time",
    label: "Projekte",
    description: "Projekte der Filiale, auf die Arbeitszeit gebucht werden kann.",
    path: "/backend/projects",
    icon: "▣",
    allowed: (user) => isAdmin(user) || isManager(user),
  },
  {
    key: "tasks",
    group: "time",
    label: "Aufgaben",
    description: "Aufgaben mit Zuständigen, Fälligkeit und Status.",
    path: "/backend/tasks",
    icon: "☑",
    allowed: (user) => isAdmin(user) || isManager(user),
  },
  {
    key: "categories",
    group: "catalogue",
    ...texts.categories,
    path: "/backend/categories",
    icon: "▦",
    allowed: isAdmin,
  },
  {
    key: "products",
    group: "catalogue",
    ...deCatalogue.products.area,
    path: "/backend/products",
    icon: "◔",
    allowed: isAdmin,
  },
  {
    key: "product-groups",
    group: "catalogue",
    ...texts.productGroups,
    path: "/backend/product-groups",
    icon: "❏",
    allowed: isAdmin,
  },
  {
    key: "menus",
    group: "catalogue",
    ...deCatalogue.menus.area,
    path: "/backend/menus",
    icon: "☷",
    allowed: isAdmin,
  },
  {
    key: "products-bulk",
    group: "catalogue",
    ...deCatalogue.bulk.area,
    path: "/backend/products/bulk",
    icon: "%",
    allowed: isAdmin,
  },
  {
    key: "product-labels",
    group: "catalogue",
    ...deLabels.area,
    path: "/backend/products/labels",
    icon: "▭",
    allowed: isAdmin,
  },
  {
    key: "sites",
    group: "website",
    ...deContent.sites.area,
    path: "/backend/sites",
    icon: "▭",
    allowed: isAdmin,
  },
  {
    key: "navigations",
    group: "website",
    ...deContent.navigations.area,
    path: "/backend/navigations",
    icon: "☰",
    allowed: isAdmin,
  },
  {
    key: "blocks",
    group: "website",
    ...deBlocks.area,
    path: "/backend/blocks",
    icon: "¶",
    allowed: isAdmin,
  },
  {
    key: "images",
    group: "website",
    ...deMedia.images.area,
    path: "/backend/images",
    icon: "▨",
    allowed: isAdmin,
  },
  {
    key: "image-templates",
    group: "website",
    ...deTemplates.area,
    path: "/backend/image-templates",
    icon: "◪",
    allowed: isAdmin,
  },
  {
    key: "uploads",
    group: "website",
    ...deUploads.area,
    path: "/backend/uploads",
    icon: "▧",
    allowed: isAdmin,
  },
  {
    key: "branches",
    group: "branches",
    ...texts.branches,
    path: "/backend/branches",
    icon: "⌂",
    allowed: (user) => isAdmin(user) || isManager(user),
  },
  {
    key: "tables",
    group: "branches",
    ...texts.tables,
    path: "/backend/tables",
    icon: "▤",
    allowed: (user) => isAdmin(user) || isManager(user),
  },
  {
    key: "devices",
    group: "branches",
    ...deDevices.area,
    path: "/backend/devices",
    icon: "▥",
    allowed: (user) => isAdmin(user) || isManager(user),
  },
  {
    key: "device-keys",
    group: "branches",
    ...texts.deviceKeys,
    path: "/backend/device-keys",
    icon: "▣",
    allowed: (user) => isAdmin(user) || isManager(user),
  },
  {
    key: "digital-signage",
    group: "signage",
    ...deSignage.areas.devices,
    path: "/backend/digital-signage-devices",
    icon: "▶",
    allowed: (user) => isAdmin(user) || isManager(user),
  },
  {
    key: "digital-signage-pair",
    group: "signage",
    label: deSignage.pairing.link,
    description: deSignage.pairing.intro,
    path: "/backend/digital-signage-devices/pair",
    icon: "▶",
    allowed: (user) => isAdmin(user) || isManager(user),
  },
  {
    key: "digital-signage-segments",
    group: "signage",
    ...deSignage.areas.segments,
    path: "/backend/digital-signage-segments",
    icon: "▶",
    allowed: isAdmin,
  },
  {
    key: "digital-signage-streams",
    group: "signage",
    ...deSignage.areas.streams,
    path: "/backend/digital-signage-streams",
    icon: "▶",
    allowed: isAdmin,
  },
  {
    key: "statistics",
    group: "reports",
    ...deStatistics.area,
    path: "/backend/statistics",
    icon: "↗",
    allowed: (user) => isAdmin(user) || isManager(user),
  },
  {
    key: "logs",
    group: "reports",
    ...texts.logs,
    path: "/backend/logs",
    icon: "≡",
    allowed: (user) => isAdmin(user) || isManager(user),
  },
  {
    key: "users",
    group: "admin",
    ...texts.users,
    path: "/backend/users",
    icon: "☺",
    allowed: canManageUsers,
  },
  {
    key: "tags",
    group: "admin",
    ...texts.tags,
    path: "/backend/tags",
    icon: "#",
    allowed: isAdmin,
  },
  {
    key: "donatees",
    group: "admin",
    ...texts.donatees,
    path: "/backend/donatees",
    icon: "♥",
    allowed: isAdmin,
  },
  {
    key: "divisions",
    group: "admin",
    ...texts.divisions,
    path: "/backend/divisions",
    icon: "◫",
    allowed: isAdmin,
  },
  {
    key: "departments",
    group: "admin",
    ...texts.departments,
    path: "/backend/departments",
    icon: "◧",
    allowed: isAdmin,
  },
  {
    key: "settings",
    group: "admin",
    ...texts.settings,
    path: "/backend/settings",
    icon: "⚙",
    allowed: isAdmin,
  },
  {
    key: "password",
    group: "account",
    ...texts.password,
    path: "/backend/account/password",
    icon: "⚷",
    allowed: everyone,
  },
];

/** The areas this staff member may use, as plain data for the page (functions do not travel). */
export function areasFor(user: AreaUser, areas: readonly BackOfficeArea[] = BACK_OFFICE_AREAS) {
  return areas
    .filter((area) => area.allowed(user))
    .map(({ key, group, label, description, path, icon, hideTile }) => ({
      key,
      group,
      label,
      description,
      path,
      icon: icon ?? null,
      hideTile: hideTile ?? false,
    }));
}

export type AreaLink = ReturnType<typeof areasFor>[number];

/** A group of the navigation with the areas this person may use in it. */
export interface AreaGroup {
  key: AreaGroupKey;
  label: string;
  areas: AreaLink[];
}

/** The person's areas under their groups, in menu order; groups left empty are dropped. */
export function groupAreas(areas: readonly AreaLink[]): AreaGroup[] {
  return AREA_GROUPS.map((group) => ({
    key: group.key,
    label: group.label,
    areas: areas.filter((area) => area.group === group.key),
  })).filter((group) => group.areas.length > 0);
}
