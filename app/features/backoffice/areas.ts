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
export interface BackOfficeArea {
  key: string;
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
  { key: "home", ...texts.home, path: "/backend", icon: "⌂", allowed: everyone, hideTile: true },
  { key: "orders", ...texts.orders, path: "/backend/orders", icon: "☰", allowed: everyone },
  {
    key: "phone-order",
    ...texts.phoneOrder,
    path: "/backend/orders/new",
    icon: "☎",
    allowed: everyone,
  },
  {
    key: "sold-out",
    ...deCatalogue.soldOut.area,
    path: "/backend/sold-out",
    icon: "⊘",
    allowed: everyone,
  },
  // Time tracking (issue 21, decision 058): everyone clocks; managers see and correct.
  {
    key: "my-time",
    label: deTimeTracking.mine.title,
    description: "Kommen, Pause und Gehen auf dem eigenen Telefon; PIN für die Stempeluhr.",
    path: "/backend/my-time",
    icon: "◷",
    allowed: everyone,
  },
  {
    key: "working-activities",
    ...deTimeTracking.area,
    path: "/backend/working-activities",
    icon: "◴",
    allowed: (user) => isAdmin(user) || isManager(user),
  },
  // The working plan (issue 21's second half, decision 059): shifts, absences, time sheets.
  {
    key: "working-schedules",
    ...dePlan.area,
    path: "/backend/working-schedules",
    icon: "▦",
    allowed: (user) => isAdmin(user) || isManager(user),
  },
  {
    key: "time-sheets",
    label: dePlan.sheet.title,
    description: "Soll, Ist und Saldo je Person und Monat; Monatsabschluss",
    path: "/backend/time-sheets",
    icon: "☰",
    allowed: (user) => isAdmin(user) || isManager(user),
  },
  // Projects and tasks (issue 21, decision 059): the branch's managers plan them.
  {
    key: "projects",
    label: "Projekte",
    description: "Projekte der Filiale, auf die Arbeitszeit gebucht werden kann.",
    path: "/backend/projects",
    icon: "▣",
    allowed: (user) => isAdmin(user) || isManager(user),
  },
  {
    key: "tasks",
    label: "Aufgaben",
    description: "Aufgaben mit Zuständigen, Fälligkeit und Status.",
    path: "/backend/tasks",
    icon: "☑",
    allowed: (user) => isAdmin(user) || isManager(user),
  },
  {
    key: "statistics",
    ...deStatistics.area,
    path: "/backend/statistics",
    icon: "↗",
    allowed: (user) => isAdmin(user) || isManager(user),
  },
  { key: "users", ...texts.users, path: "/backend/users", icon: "☺", allowed: canManageUsers },
  {
    key: "device-keys",
    ...texts.deviceKeys,
    path: "/backend/device-keys",
    icon: "▣",
    allowed: (user) => isAdmin(user) || isManager(user),
  },
  {
    key: "branches",
    ...texts.branches,
    path: "/backend/branches",
    icon: "⌂",
    allowed: (user) => isAdmin(user) || isManager(user),
  },
  {
    key: "tables",
    ...texts.tables,
    path: "/backend/tables",
    icon: "▤",
    allowed: (user) => isAdmin(user) || isManager(user),
  },
  {
    key: "devices",
    ...deDevices.area,
    path: "/backend/devices",
    icon: "▥",
    allowed: (user) => isAdmin(user) || isManager(user),
  },
  {
    key: "categories",
    ...texts.categories,
    path: "/backend/categories",
    icon: "▦",
    allowed: isAdmin,
  },
  {
    key: "products",
    ...deCatalogue.products.area,
    path: "/backend/products",
    icon: "◔",
    allowed: isAdmin,
  },
  {
    key: "product-groups",
    ...texts.productGroups,
    path: "/backend/product-groups",
    icon: "❏",
    allowed: isAdmin,
  },
  {
    key: "menus",
    ...deCatalogue.menus.area,
    path: "/backend/menus",
    icon: "☷",
    allowed: isAdmin,
  },
  {
    key: "products-bulk",
    ...deCatalogue.bulk.area,
    path: "/backend/products/bulk",
    icon: "%",
    allowed: isAdmin,
  },
  {
    key: "product-labels",
    ...deLabels.area,
    path: "/backend/products/labels",
    icon: "▭",
    allowed: isAdmin,
  },
  { key: "sites", ...deContent.sites.area, path: "/backend/sites", icon: "▭", allowed: isAdmin },
  {
    key: "navigations",
    ...deContent.navigations.area,
    path: "/backend/navigations",
    icon: "☰",
    allowed: isAdmin,
  },
  {
    key: "blocks",
    ...deBlocks.area,
    path: "/backend/blocks",
    icon: "¶",
    allowed: isAdmin,
  },
  {
    key: "images",
    ...deMedia.images.area,
    path: "/backend/images",
    icon: "▨",
    allowed: isAdmin,
  },
  {
    key: "image-templates",
    ...deTemplates.area,
    path: "/backend/image-templates",
    icon: "◪",
    allowed: isAdmin,
  },
  // Digital signage (issue 22, decision 060): the TVs for managers too, their content for admins.
  {
    key: "digital-signage",
    ...deSignage.area,
    path: "/backend/digital-signage-devices",
    icon: "▶",
    allowed: (user) => isAdmin(user) || isManager(user),
  },
  {
    key: "digital-signage-pair",
    label: deSignage.pairing.link,
    description: deSignage.pairing.intro,
    path: "/backend/digital-signage-devices/pair",
    icon: "▶",
    allowed: (user) => isAdmin(user) || isManager(user),
  },
  {
    key: "digital-signage-segments",
    ...deSignage.areas.segments,
    path: "/backend/digital-signage-segments",
    icon: "▶",
    allowed: isAdmin,
  },
  {
    key: "digital-signage-streams",
    ...deSignage.areas.streams,
    path: "/backend/digital-signage-streams",
    icon: "▶",
    allowed: isAdmin,
  },
  { key: "uploads", ...deUploads.area, path: "/backend/uploads", icon: "▧", allowed: isAdmin },
  { key: "tags", ...texts.tags, path: "/backend/tags", icon: "#", allowed: isAdmin },
  { key: "donatees", ...texts.donatees, path: "/backend/donatees", icon: "♥", allowed: isAdmin },
  { key: "divisions", ...texts.divisions, path: "/backend/divisions", icon: "◫", allowed: isAdmin },
  {
    key: "departments",
    ...texts.departments,
    path: "/backend/departments",
    icon: "◧",
    allowed: isAdmin,
  },
  { key: "settings", ...texts.settings, path: "/backend/settings", icon: "⚙", allowed: isAdmin },
  {
    key: "logs",
    ...texts.logs,
    path: "/backend/logs",
    icon: "≡",
    allowed: (user) => isAdmin(user) || isManager(user),
  },
  {
    key: "password",
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
    .map(({ key, label, description, path, icon, hideTile }) => ({
      key,
      label,
      description,
      path,
      icon: icon ?? null,
      hideTile: hideTile ?? false,
    }));
}

export type AreaLink = ReturnType<typeof areasFor>[number];
